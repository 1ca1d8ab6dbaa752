//! The opcode table (formats.md 3.2): for each `FF op` command, its name and total length. This is
//! the only place those facts live; a game patched with the "animation rewrite" changes some
//! lengths, so decoding takes the table as a parameter ([`OpcodeTable::animation_rewrite`]).

/// One opcode: its code (the byte after `0xFF`), a name, and its total length including `FF op`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Opcode {
    pub code: u8,
    pub name: &'static str,
    pub len: u8,
}

/// The first opcode byte any table knows; a smaller one is an error.
pub const FIRST_OPCODE: u8 = 0xBE;

/// Opcodes the builder and the executor interpret, by name, so that the codes appear once.
pub mod code {
    pub const WAIT_FOR_DISTORT: u8 = 0xC0;
    pub const SEGMENT_END_C2: u8 = 0xC2;
    pub const WAIT_FOR_INPUT: u8 = 0xC6;
    pub const MOVE_UP_2: u8 = 0xCB;
    pub const MOVE_UP_1: u8 = 0xCC;
    pub const MOVE_BACKWARD_2: u8 = 0xCD;
    pub const MOVE_BACKWARD_1: u8 = 0xCE;
    pub const MOVE_DOWN_2: u8 = 0xCF;
    pub const MOVE_DOWN_1: u8 = 0xD0;
    pub const MOVE_FORWARD_2: u8 = 0xD1;
    pub const MOVE_FORWARD_1: u8 = 0xD2;
    pub const WEAPON_SHEATHE_CHECK_1: u8 = 0xD3;
    pub const INCREMENT_LOOP: u8 = 0xD5;
    pub const WEAPON_SHEATHE_CHECK_2: u8 = 0xD6;
    pub const SET_FRAME_OFFSET: u8 = 0xD8;
    pub const POST_GENERIC_ATTACK: u8 = 0xDE;
    pub const SET_LAYER_PRIORITY: u8 = 0xE2;
    pub const FLIP_HORIZONTAL: u8 = 0xEC;
    pub const MOVE_UNIT_FB: u8 = 0xEE;
    pub const MOVE_UNIT_DU: u8 = 0xEF;
    pub const MOVE_UNIT_RL: u8 = 0xF0;
    pub const QUEUE_SPRITE_ANIM: u8 = 0xF2;
    pub const PLAY_SOUND: u8 = 0xF6;
    pub const MOVE_UNIT_RL_DU_FB: u8 = 0xFA;
    pub const WAIT: u8 = 0xFC;
    pub const HOLD_WEAPON: u8 = 0xFD;
    pub const END_ANIMATION: u8 = 0xFE;
    pub const PAUSE_ANIMATION: u8 = 0xFF;
}

/// The retail table: code, name, total length. Unnamed codes carry their hex as a name, as the
/// FFTae editor does, so that every command prints as something.
const RETAIL: [(u8, &str, u8); 66] = [
    (0xBE, "ffbe", 2),
    (0xBF, "ffbf", 2),
    (0xC0, "WaitForDistort", 3),
    (0xC1, "QueueDistortAnim", 4),
    (0xC2, "ffc2", 2),
    (0xC3, "UnloadMFItem", 2),
    (0xC4, "MFItemPosFBDU", 4),
    (0xC5, "LoadMFItem", 2),
    (0xC6, "WaitForInput", 3),
    (0xC7, "ffc7", 4),
    (0xC8, "ffc8", 4),
    (0xC9, "ffc9", 4),
    (0xCA, "ffca", 4),
    (0xCB, "MoveUp2", 2),
    (0xCC, "MoveUp1", 2),
    (0xCD, "MoveBackward2", 2),
    (0xCE, "MoveBackward1", 2),
    (0xCF, "MoveDown2", 2),
    (0xD0, "MoveDown1", 2),
    (0xD1, "MoveForward2", 2),
    (0xD2, "MoveForward1", 2),
    (0xD3, "WeaponSheatheCheck1", 3),
    (0xD4, "PlayAttackSound", 3),
    (0xD5, "IncrementLoop", 2),
    (0xD6, "WeaponSheatheCheck2", 3),
    (0xD7, "ffd7", 3),
    (0xD8, "SetFrameOffset", 3),
    (0xD9, "QueueThrowAnimation", 4),
    (0xDA, "ReturnErrorFinishAnim", 2),
    (0xDB, "SetSlowdown", 3),
    (0xDC, "ReloadAnimation", 2),
    (0xDD, "OverrideAnimation", 3),
    (0xDE, "PostGenericAttack", 2),
    (0xDF, "SetYRotation0", 2),
    (0xE0, "ClearShadow", 2),
    (0xE1, "SetShadow", 2),
    (0xE2, "SetLayerPriority", 3),
    (0xE3, "ffe3", 3),
    (0xE4, "ffe4", 3),
    (0xE5, "SaveYSpin", 3),
    (0xE6, "ffe6", 3),
    (0xE7, "ffe7", 4),
    (0xE8, "ffe8", 4),
    (0xE9, "ffe9", 3),
    (0xEA, "ffea", 4),
    (0xEB, "FlipVertical", 2),
    (0xEC, "FlipHorizontal", 2),
    (0xED, "ffed", 3),
    (0xEE, "MoveUnitFB", 3),
    (0xEF, "MoveUnitDU", 3),
    (0xF0, "MoveUnitRL", 3),
    (0xF1, "fff1", 4),
    (0xF2, "QueueSpriteAnim", 4),
    (0xF3, "fff3", 3),
    (0xF4, "fff4", 3),
    (0xF5, "fff5", 3),
    (0xF6, "PlaySound", 3),
    (0xF7, "fff7", 5),
    (0xF8, "fff8", 4),
    (0xF9, "fff9", 2),
    (0xFA, "MoveUnitRLDUFB", 5),
    (0xFB, "fffb", 4),
    (0xFC, "Wait", 4),
    (0xFD, "HoldWeapon", 3),
    (0xFE, "EndAnimation", 2),
    (0xFF, "PauseAnimation", 2),
];

/// Changes the "animation rewrite" ASM patch makes to the retail table (research/seq.md section 4).
const ANIMATION_REWRITE: [(u8, &str, u8); 9] = [
    (0xC2, "SetBackFacedOffset", 3),
    (0xC7, "MoveSubGraphU", 4),
    (0xC8, "MoveSubGraphV", 4),
    (0xC9, "MoveSubGraphX", 4),
    (0xCA, "MoveSubGraphY", 4),
    (0xD7, "QueueSecondaryEffect", 3),
    (0xDA, "ClearAllSubGraph", 2),
    (0xE3, "StretchUnitX", 3),
    (0xE4, "StretchUnitY", 3),
];

/// The most argument bytes an opcode may take: enough for every known table with room to spare,
/// small enough that a command stays a fixed-size value.
pub const MAX_OPCODE_ARGS: usize = 6;

/// Which opcodes exist and how long each is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OpcodeTable {
    by_code: [Option<Opcode>; 256],
}

impl OpcodeTable {
    /// The table every retail file decodes with.
    pub fn retail() -> Self {
        let mut by_code = [None; 256];
        for (code, name, len) in RETAIL {
            by_code[usize::from(code)] = Some(Opcode { code, name, len });
        }
        Self { by_code }
    }

    /// The retail table with the lengths and names of the "animation rewrite" patch, for modded
    /// games that carry it (C2 becomes 3 bytes long there).
    pub fn animation_rewrite() -> Self {
        let mut table = Self::retail();
        for (code, name, len) in ANIMATION_REWRITE {
            table.by_code[usize::from(code)] = Some(Opcode { code, name, len });
        }
        table
    }

    /// This table with one opcode added or replaced.
    ///
    /// # Errors
    /// When `code` is below 0xBE or the length is not 2 to `2 + MAX_OPCODE_ARGS`.
    pub fn with(mut self, opcode: Opcode) -> Result<Self, String> {
        if opcode.code < FIRST_OPCODE {
            return Err(format!(
                "opcode 0x{:02X} is below 0x{FIRST_OPCODE:02X}",
                opcode.code
            ));
        }
        if !(2..=2 + MAX_OPCODE_ARGS as u8).contains(&opcode.len) {
            return Err(format!(
                "opcode 0x{:02X}: length {} is not 2 to {}",
                opcode.code,
                opcode.len,
                2 + MAX_OPCODE_ARGS
            ));
        }
        self.by_code[usize::from(opcode.code)] = Some(opcode);
        Ok(self)
    }

    /// The opcode with this code, if the table has it.
    pub fn get(&self, code: u8) -> Option<&Opcode> {
        self.by_code[usize::from(code)].as_ref()
    }

    /// The name of an opcode, or `unknown` for a code the table lacks.
    pub fn name(&self, code: u8) -> &'static str {
        self.get(code).map_or("unknown", |op| op.name)
    }

    /// Every opcode, in code order.
    pub fn iter(&self) -> impl Iterator<Item = &Opcode> {
        self.by_code.iter().flatten()
    }
}

impl Default for OpcodeTable {
    fn default() -> Self {
        Self::retail()
    }
}
