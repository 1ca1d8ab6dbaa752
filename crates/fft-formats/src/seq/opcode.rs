//! The opcode table (docs/formats/seq.md 3.2): for each `FF op` command, its name, its total length
//! and what its argument bytes are. This is the only place those facts live; a game patched with
//! the "animation rewrite" changes some lengths, so decoding takes the table as a parameter
//! ([`OpcodeTable::animation_rewrite`]).

/// One opcode: its code (the byte after `0xFF`), a name, its total length including `FF op`, and
/// what its argument bytes mean where that is known.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Opcode {
    pub code: u8,
    pub name: &'static str,
    pub len: u8,
    /// One entry per argument byte when their meaning is known; empty when it is not (each byte
    /// is then [`ArgKind::Raw`]).
    pub args: &'static [ArgKind],
}

/// What one argument byte of an opcode is. The codec keeps every argument as a raw byte; this
/// says how a reader (the text form, a report) should show it, and which bytes are jumps.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ArgKind {
    /// A signed displacement in bytes from the command's own `0xFF` byte (docs/formats/seq.md 3.3).
    Jump,
    /// A signed value: a move, an offset.
    Signed,
    /// An unsigned value: an id, a count, a layer.
    Unsigned,
    /// A byte of unknown meaning.
    Raw,
}

impl Opcode {
    /// How many argument bytes follow `FF op`.
    pub fn arg_len(&self) -> usize {
        usize::from(self.len).saturating_sub(2)
    }

    /// What argument byte `i` is ([`ArgKind::Raw`] when the table does not say).
    pub fn arg_kind(&self, i: usize) -> ArgKind {
        self.args.get(i).copied().unwrap_or(ArgKind::Raw)
    }
}

/// The first opcode byte any table knows (the retail table's first); a smaller one is an error.
pub const FIRST_OPCODE: u8 = RETAIL[0].0;

/// Declares the retail opcodes once: for each, its code, its name, its total length, the kinds of
/// its arguments when they are known, and for the ones the builder and the executor interpret,
/// the constant they use for the code.
macro_rules! retail_opcodes {
    ($($code:literal $name:literal $len:literal $([$($arg:ident),*])? $(=> $constant:ident)?;)*) => {
        /// Opcodes the builder and the executor interpret, by name, so that the codes appear once.
        pub mod code {
            $($(pub const $constant: u8 = $code;)?)*
        }

        /// The retail table: code, name, total length, argument kinds. Unnamed codes carry their
        /// hex as a name, as the FFTae editor does, so that every command prints as something.
        const RETAIL: &[(u8, &str, u8, &[ArgKind])] =
            &[$(($code, $name, $len, &[$($(ArgKind::$arg),*)?])),*];
    };
}

retail_opcodes! {
    0xBE "ffbe" 2;
    0xBF "ffbf" 2;
    0xC0 "WaitForDistort" 3 [Jump] => WAIT_FOR_DISTORT;
    0xC1 "QueueDistortAnim" 4 [Unsigned, Unsigned];
    0xC2 "ffc2" 2 => SEGMENT_END_C2;
    0xC3 "UnloadMFItem" 2;
    0xC4 "MFItemPosFBDU" 4 [Signed, Signed];
    0xC5 "LoadMFItem" 2;
    0xC6 "WaitForInput" 3 [Jump] => WAIT_FOR_INPUT;
    0xC7 "ffc7" 4;
    0xC8 "ffc8" 4;
    0xC9 "ffc9" 4;
    0xCA "ffca" 4;
    0xCB "MoveUp2" 2 => MOVE_UP_2;
    0xCC "MoveUp1" 2 => MOVE_UP_1;
    0xCD "MoveBackward2" 2 => MOVE_BACKWARD_2;
    0xCE "MoveBackward1" 2 => MOVE_BACKWARD_1;
    0xCF "MoveDown2" 2 => MOVE_DOWN_2;
    0xD0 "MoveDown1" 2 => MOVE_DOWN_1;
    0xD1 "MoveForward2" 2 => MOVE_FORWARD_2;
    0xD2 "MoveForward1" 2 => MOVE_FORWARD_1;
    0xD3 "WeaponSheatheCheck1" 3 [Jump] => WEAPON_SHEATHE_CHECK_1;
    0xD4 "PlayAttackSound" 3 [Unsigned];
    0xD5 "IncrementLoop" 2 => INCREMENT_LOOP;
    0xD6 "WeaponSheatheCheck2" 3 [Jump] => WEAPON_SHEATHE_CHECK_2;
    0xD7 "ffd7" 3;
    0xD8 "SetFrameOffset" 3 [Signed] => SET_FRAME_OFFSET;
    0xD9 "QueueThrowAnimation" 4 [Unsigned, Unsigned];
    0xDA "ReturnErrorFinishAnim" 2;
    0xDB "SetSlowdown" 3 [Unsigned];
    0xDC "ReloadAnimation" 2;
    0xDD "OverrideAnimation" 3 [Unsigned];
    0xDE "PostGenericAttack" 2 => POST_GENERIC_ATTACK;
    0xDF "SetYRotation0" 2;
    0xE0 "ClearShadow" 2;
    0xE1 "SetShadow" 2;
    0xE2 "SetLayerPriority" 3 [Unsigned] => SET_LAYER_PRIORITY;
    0xE3 "ffe3" 3;
    0xE4 "ffe4" 3;
    0xE5 "SaveYSpin" 3;
    0xE6 "ffe6" 3;
    0xE7 "ffe7" 4;
    0xE8 "ffe8" 4;
    0xE9 "ffe9" 3;
    0xEA "ffea" 4;
    0xEB "FlipVertical" 2;
    0xEC "FlipHorizontal" 2 => FLIP_HORIZONTAL;
    0xED "ffed" 3;
    0xEE "MoveUnitFB" 3 [Signed] => MOVE_UNIT_FB;
    0xEF "MoveUnitDU" 3 [Signed] => MOVE_UNIT_DU;
    0xF0 "MoveUnitRL" 3 [Signed] => MOVE_UNIT_RL;
    0xF1 "fff1" 4;
    0xF2 "QueueSpriteAnim" 4 [Unsigned, Unsigned] => QUEUE_SPRITE_ANIM;
    0xF3 "fff3" 3;
    0xF4 "fff4" 3;
    0xF5 "fff5" 3;
    0xF6 "PlaySound" 3 [Unsigned] => PLAY_SOUND;
    0xF7 "fff7" 5;
    0xF8 "fff8" 4;
    0xF9 "fff9" 2;
    0xFA "MoveUnitRLDUFB" 5 [Signed, Signed, Signed] => MOVE_UNIT_RL_DU_FB;
    0xFB "fffb" 4;
    0xFC "Wait" 4 [Jump, Unsigned] => WAIT;
    0xFD "HoldWeapon" 3 [Jump] => HOLD_WEAPON;
    0xFE "EndAnimation" 2 => END_ANIMATION;
    0xFF "PauseAnimation" 2 => PAUSE_ANIMATION;
}

// Every argument list given is as long as the opcode's arguments.
const _: () = {
    let mut i = 0;
    while i < RETAIL.len() {
        let (_, _, len, args) = RETAIL[i];
        assert!(args.is_empty() || args.len() + 2 == len as usize);
        i += 1;
    }
};

/// Changes the "animation rewrite" ASM patch makes to the retail table (docs/formats/seq.md 3.7).
/// Their arguments' meanings are not known here, so they read as raw bytes.
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
    name: &'static str,
    by_code: [Option<Opcode>; 256],
}

impl OpcodeTable {
    /// The names of the known tables, as [`OpcodeTable::name`] gives them and
    /// [`OpcodeTable::by_name`] takes them.
    pub const NAMES: [&'static str; 2] = ["retail", "animation-rewrite"];

    /// The table every retail file decodes with.
    pub fn retail() -> Self {
        let mut by_code = [None; 256];
        for &(code, name, len, args) in RETAIL {
            by_code[usize::from(code)] = Some(Opcode {
                code,
                name,
                len,
                args,
            });
        }
        Self {
            name: Self::NAMES[0],
            by_code,
        }
    }

    /// The retail table with the lengths and names of the "animation rewrite" patch, for modded
    /// games that carry it (C2 becomes 3 bytes long there).
    pub fn animation_rewrite() -> Self {
        let mut table = Self::retail();
        table.name = Self::NAMES[1];
        for (code, name, len) in ANIMATION_REWRITE {
            table.by_code[usize::from(code)] = Some(Opcode {
                code,
                name,
                len,
                args: &[],
            });
        }
        table
    }

    /// The known table called `name` (one of [`OpcodeTable::NAMES`]).
    pub fn by_name(name: &str) -> Option<Self> {
        [Self::retail(), Self::animation_rewrite()]
            .into_iter()
            .find(|table| table.name == name)
    }

    /// The table's name: `retail` or `animation-rewrite`.
    pub fn table_name(&self) -> &'static str {
        self.name
    }

    /// The opcode called `name` (as [`Opcode::name`] spells it, case included).
    pub fn by_opcode_name(&self, name: &str) -> Option<&Opcode> {
        self.iter().find(|op| op.name == name)
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
