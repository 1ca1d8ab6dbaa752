// tactics-sprite.mjs: the runtime of the tactics-sprite-data document, as one ES module with no
// dependencies. It turns an animation, a view and a moment into tiles (`poseAt`), plays an
// animation on a clock (`createPlayer`), says which events a step of the clock crosses
// (`eventsBetween`), draws a pose on a Canvas 2D context (`drawPose`), with the weapon and effect
// layers when asked (`poseWithLayers`).
//
// docs/format.md in the tactics-sprite repository is the algorithm this module implements; the
// Rust library (`sprite_data::pose`) is its reference, and the package's tests hold every pose,
// event and layered pose to it. Where docs/format.md leaves room, this module decides as the Rust
// does; each such place says so.
//
//   import { createAtlas, findAnimation, poseAt } from 'tactics-sprite';
//   const atlas = createAtlas(await (await fetch('tactics-sprite-data.json')).json());
//   const pose = poseAt(atlas, findAnimation(atlas, 'Swing High'), 1, 18);
//   for (let i = 0; i < pose.count; i++) { const t = pose.tiles[i]; ... }

// ---------------------------------------------------------------------------------------------
// Constants

/** Ticks in a second: the game's clock. */
export const TICKS_PER_SECOND = 60;

/** Half the standing box's height: the stance point is this many pixels above the soles. */
export const STANCE_HALF_H = 20;

/** The four facings a unit stands in on the map, by number. */
export const FACING = Object.freeze({ SE: 1, SW: 3, NW: 5, NE: 7 });

// Facing n points at the angle 3π/4 - n·π/4 (as atan2(x, z)) in a right-handed world with y up:
// SE +x, SW +z, NW -x, NE -z (docs/format.md "Facings, camera steps and views").
const H = Math.SQRT1_2;
/** The world x of each facing number 0..7. */
export const FACING_X = Object.freeze([H, 1, H, 0, -H, -1, -H, 0]);
/** The world z of each facing number 0..7. */
export const FACING_Z = Object.freeze([-H, 0, H, 1, H, 0, -H, -1]);

/** The pattern of each view: patterns 2 and 3 play the back sequence, 0 and 3 are mirrored. */
export const PATTERNS = Object.freeze([0, 1, 1, 2, 2, 3, 3, 0]);

/** The weapon types a unit can hold, as layer documents name them in `firstFrames`. */
export const WEAPON_TYPES = Object.freeze([
  'knife', 'ninja-blade', 'sword', 'knight-sword', 'katana', 'axe', 'rod', 'staff', 'flail', 'gun',
  'crossbow', 'bow', 'instrument', 'book', 'spear', 'pole', 'bag', 'cloth', 'shield', 'ball',
  'shuriken',
]);

/** The layer order before any `SetLayerPriority` cue (row 0 of the game's table), front-most first. */
const DEFAULT_LAYER_ORDER = Object.freeze(['unit', 'weapon', 'effect', 'text']);
const LAYER_NAMES = new Set(DEFAULT_LAYER_ORDER);

/** The first row of the lower half of a unit sheet: cells from here are in the SP2 for `sheet: 1`. */
const SP2_FROM_ROW = 256;

/**
 * The idle branch, as `findAnimation` returns it for the name `Idle` (idle has no sequence; no
 * document has an animation of that name). Pass it to `poseAt` like any animation.
 */
export const IDLE = Object.freeze({ name: 'Idle', idle: true });

// ---------------------------------------------------------------------------------------------
// Views and the camera

/**
 * The camera step, 0..7, of a horizontal vector (x, z) pointing from the scene toward the camera:
 * `atan2(x, z)` less `atan2(0.5, -0.5)`, plus π/36, in eighths of a turn, rounded half up, mod 8.
 * A vector with no direction (NaN) gives 0, as in the Rust.
 */
export function cameraStep(x, z) {
  const reference = Math.atan2(0.5, -0.5);
  const steps = (Math.atan2(x, z) - reference + Math.PI / 36) / (Math.PI / 4);
  // floor(steps + 0.5), not Math.round: the two differ on 0.49999999999999994.
  const rounded = Math.floor(steps + 0.5);
  if (!Number.isFinite(rounded)) return 0;
  return ((rounded % 8) + 8) % 8;
}

/** The view a unit facing `facing` shows from camera step `step`: `(facing + step) mod 8`. */
export function viewOf(facing, step) {
  return (((facing + step) % 8) + 8) % 8;
}

/** Whether `view` plays the animation's back sequence (patterns 2 and 3: views 3-6). */
export function isBackView(view) {
  return PATTERNS[view] >= 2;
}

/** Whether `view` draws the sequence mirrored left for right (patterns 0 and 3: views 0, 5, 6, 7). */
export function isMirroredView(view) {
  const pattern = PATTERNS[view];
  return pattern === 0 || pattern === 3;
}

// ---------------------------------------------------------------------------------------------
// The atlas: a document read once into flat tables

function asciiLower(text) {
  return String(text).replace(/[A-Z]/g, (c) => c.toLowerCase());
}

function fail(message) {
  throw new Error(`tactics-sprite: ${message}`);
}

/** A value as an error message shows it: a string quoted, nothing as "nothing". */
function shown(value) {
  if (value === undefined) return 'nothing';
  if (typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(shown).join(', ')}]`;
  return value !== null && typeof value === 'object' ? 'an object' : String(value);
}

function isWhole(value) {
  return Number.isInteger(value);
}

/** The frames of a document (unit or layer) as flat typed arrays, each frame's tiles from `start[f]`. */
function flattenFrames(frames, tilesOf) {
  let total = 0;
  for (const frame of frames) total += tilesOf(frame).length;
  const start = new Int32Array(frames.length + 1);
  const cell = new Int32Array(total);
  const u = new Int32Array(total);
  const v = new Int32Array(total);
  const flip = new Uint8Array(total);
  const flipY = new Uint8Array(total);
  let maxTiles = 0;
  let at = 0;
  frames.forEach((frame, f) => {
    start[f] = at;
    const tiles = tilesOf(frame);
    maxTiles = Math.max(maxTiles, tiles.length);
    for (const tile of tiles) {
      cell[at] = tile[0];
      u[at] = tile[1];
      v[at] = tile[2];
      flip[at] = tile.length >= 4 && tile[3] === 1 ? 1 : 0;
      flipY[at] = tile.length === 5 && tile[4] === 1 ? 1 : 0;
      at++;
    }
  });
  start[frames.length] = at;
  return { start, cell, u, v, flip, flipY, maxTiles };
}

/** The cells as typed arrays; `valid[id]` is 0 for an entry whose `id` is not its position. */
function flattenCells(cells) {
  const n = cells.length;
  const out = {
    x: new Int32Array(n), y: new Int32Array(n), w: new Int32Array(n), h: new Int32Array(n),
    valid: new Uint8Array(n),
  };
  cells.forEach((c, i) => {
    out.x[i] = c.x;
    out.y[i] = c.y;
    out.w[i] = c.w;
    out.h[i] = c.h;
    out.valid[i] = c.id === i ? 1 : 0;
  });
  return out;
}

/** A sequence read for `poseAt`: the end tick of each step, its moves, and what is wrong with it. */
function readSequence(s) {
  const n = s.frames.length;
  let problem = null;
  if (n === 0) problem = `sequence ${s.seq} shows no frame`;
  for (const list of ['ticks', 'fb', 'du']) {
    if (!problem && s[list] && s[list].length !== n) {
      problem = `sequence ${s.seq}: "${list}" has ${s[list].length} entries for ${n} frames`;
    }
  }
  if (!problem && !s.ticks) problem = `sequence ${s.seq} has no "ticks"`;
  const ends = new Float64Array(n);
  let total = 0;
  if (!problem) {
    for (let i = 0; i < n; i++) {
      total += s.ticks[i];
      ends[i] = total;
    }
  }
  return {
    entry: s,
    name: s.name,
    frames: Int32Array.from(s.frames),
    ends,
    total,
    fb: s.fb ? Int32Array.from(s.fb) : null,
    du: s.du ? Int32Array.from(s.du) : null,
    secondSheet: s.sheet === 1,
    loop: s.loop === true,
    problem,
  };
}

/** An atlas: a tactics-sprite-data document read once for `poseAt` and `drawPose`. */
class Atlas {
  /** `what`: the function the document was given to, named in the errors. */
  constructor(doc, options, what) {
    for (const key of ['cells', 'frames', 'sequences', 'animations', 'idleFrames']) {
      if (!Array.isArray(doc?.[key])) fail(`${what}: not a tactics-sprite-data document: no "${key}" list`);
    }
    if (doc.format !== undefined && doc.format !== 'tactics-sprite-data') {
      fail(`${what}: not a tactics-sprite-data document: its format is ${JSON.stringify(doc.format)}` +
        (doc.format === 'tactics-sprite-layer' ? ' (a layer document: use createLayerAtlas)' : ''));
    }
    /** The document as given (read, never changed). */
    this.doc = doc;
    this.sheet = doc.sheet ?? null;
    this.sp2 = doc.sp2 ?? null;
    this.stage = doc.stage ?? null;
    this.waterOffset = doc.waterOffset ?? 0;
    // A renderer's own table takes the document's place: documents built from the game's files
    // carry none (docs/format.md "hands and holds").
    this.hands = options.hands !== undefined
      ? checkedHands(options.hands, `${what}: options.hands`)
      : checkedHands(doc.hands ?? null, `${what}: the document's "hands"`);
    this.holds = doc.holds ?? null;
    this.animations = doc.animations;
    this.idleFrames = doc.idleFrames;
    this.idleFlip = Array.isArray(doc.idleFlip) ? doc.idleFlip : null;
    this.cells = flattenCells(doc.cells);
    this.frames = flattenFrames(doc.frames, (f) => f);
    /** The most tiles a frame has: what a pose of this atlas holds at most. */
    this.maxTiles = this.frames.maxTiles;
    this.sequences = doc.sequences.map(readSequence);
    this.byName = new Map();
    this.byLowerName = new Map();
    for (const a of doc.animations) {
      if (!this.byName.has(a.name)) this.byName.set(a.name, a);
      const lower = asciiLower(a.name);
      // Two names equal in any case make the case-blind lookup ambiguous: neither is found by it.
      this.byLowerName.set(lower, this.byLowerName.has(lower) ? null : a);
    }
  }
}

/**
 * A hand table checked to be `{ cellId: [x, y, degrees] }` (or null), so that a wrong one is
 * named where it is given rather than where a hand is first asked for.
 */
function checkedHands(hands, what) {
  if (hands === null) return null;
  if (typeof hands !== 'object' || Array.isArray(hands)) {
    fail(`${what} is { cellId: [x, y, degrees] } or null, not ${shown(hands)}`);
  }
  for (const [id, hand] of Object.entries(hands)) {
    if (!Array.isArray(hand) || hand.length !== 3 || !hand.every(Number.isFinite)) {
      fail(`${what}[${JSON.stringify(id)}] is [x, y, degrees], three numbers, not ${shown(hand)}`);
    }
  }
  return hands;
}

/**
 * Reads a tactics-sprite-data document (as parsed from JSON) into an atlas. The document is kept
 * as `atlas.doc` and never changed. Broken references inside it (a sequence with no frames, a
 * tile whose cell is missing) are reported by `poseAt` when a pose needs them, as the Rust
 * reports them.
 *
 * options: `hands`, a hand table `{ cellId: [x, y, degrees] }` for `handPoint` and `frameHand`
 * in place of the document's (which is null in every document built from the game's files: the
 * table is read off one sheet by hand, so it belongs to the renderer that drew that sheet).
 * Given an atlas and options, a new atlas of the same document is made.
 */
export function createAtlas(doc, options = undefined) {
  if (options === undefined) return doc instanceof Atlas ? doc : new Atlas(doc, {}, 'createAtlas');
  if (options === null || typeof options !== 'object') {
    fail(`createAtlas: options is { hands }, not ${shown(options)}`);
  }
  return new Atlas(doc instanceof Atlas ? doc.doc : doc, options, 'createAtlas');
}

const atlasOfDocument = new WeakMap();

/**
 * The atlas of `source` for the function `what`: an atlas, or a document (read once and
 * remembered). Anything else (most often nothing: a call before the atlas was made) is an error
 * naming the function and what it takes.
 */
function atlasOf(source, what) {
  if (source instanceof Atlas) return source;
  if (source === null || typeof source !== 'object') {
    fail(`${what}: no atlas (it was given ${shown(source)}): ` +
      'pass createAtlas(doc), or the parsed document itself, first');
  }
  let atlas = atlasOfDocument.get(source);
  if (!atlas) {
    atlas = new Atlas(source, {}, what);
    atlasOfDocument.set(source, atlas);
  }
  return atlas;
}

/**
 * The animation named `name`: the exact name first, else the one animation whose name equals it
 * in any case (ASCII), as `tactics-sprite draw` finds it; `IDLE` for `Idle` (in any case) when no
 * animation has that name. Throws for any other name, listing the document's.
 */
export function findAnimation(atlas, name) {
  const a = atlasOf(atlas, 'findAnimation');
  const exact = a.byName.get(name);
  if (exact) return exact;
  const same = a.byLowerName.get(asciiLower(name));
  if (same) return same;
  if (asciiLower(name) === 'idle') return IDLE;
  const names = ['Idle', ...a.animations.map((x) => x.name)];
  const shown = names.slice(0, 12).map((n) => JSON.stringify(n)).join(', ');
  fail(`unknown animation ${JSON.stringify(name)}; the document has ${names.length}: ` +
    `${shown}${names.length > 12 ? ', ...' : ''}`);
}

function resolveAnimation(atlas, animation) {
  if (typeof animation === 'string') return findAnimation(atlas, animation);
  if (!animation || typeof animation.name !== 'string') fail(`not an animation: ${String(animation)}`);
  return animation;
}

// ---------------------------------------------------------------------------------------------
// Poses

/** One tile of a pose: its cell, its top left from the stance point, its flips, its depth. */
class PoseTile {
  constructor() {
    /** Its cell, an index into the document's `cells`. */
    this.cell = 0;
    /** The top left from the stance point, before the 2D move: `(mirrored ? -u : u) - w/2`, `v - h/2`. */
    this.x = 0;
    this.y = 0;
    this.w = 0;
    this.h = 0;
    /** Drawn mirrored left for right: `mirrored != the tile's own flip`. */
    this.flipX = false;
    /** Drawn upside down (the 5-element tile extension); a mirror never changes it. */
    this.flipY = false;
    /** 0: cut from `sheet` at (cell.x, cell.y); 1: from `sp2` at (cell.x, cell.y - 256). */
    this.sheet = 0;
    /** The position in draw order: 0 is drawn first, furthest back. */
    this.order = 0;
  }

  /** The object `tactics-sprite draw` prints for the tile (`flipY` and `sheet` only when set). */
  toJSON() {
    const out = { cell: this.cell, x: this.x, y: this.y, w: this.w, h: this.h, flipX: this.flipX };
    if (this.flipY) out.flipY = true;
    if (this.sheet === 1) out.sheet = 1;
    out.order = this.order;
    return out;
  }
}

/** What one weapon or effect layer draws at a moment. */
class LayerPose {
  constructor() {
    /** `'weapon'` or `'effect'`. */
    this.layer = '';
    /** The layer sequence (SEQ slot) playing, and the unit tick it started at. */
    this.slot = 0;
    this.started = 0;
    /** The position in the slot's frames, and the layer document's frame drawn. */
    this.index = 0;
    this.shp = 0;
    /** The turn, degrees clockwise on screen (negated in a mirrored view), about (pivotX, pivotY). */
    this.degrees = 0;
    this.pivotX = 0;
    this.pivotY = 0;
    /** The frame's flags: bit 0 semi-transparency, bits 5-6 the blend mode (0x21: additive). */
    this.flags = 0;
    /** The tiles before the turn, back to front, placed as a unit frame's; `count` of them are in use. */
    this.tiles = [];
    this.count = 0;
  }

  #atlas = null;
  /** The layer atlas the frame is drawn from. */
  get atlas() { return this.#atlas; }
  set atlas(value) { this.#atlas = value; }

  toJSON() {
    return {
      layer: this.layer, slot: this.slot, started: this.started, index: this.index, shp: this.shp,
      degrees: this.degrees, pivotX: this.pivotX, pivotY: this.pivotY, flags: this.flags,
      tiles: this.tiles.slice(0, this.count).map((t) => t.toJSON()),
    };
  }
}

/**
 * A pose: what to draw at one moment. `tiles[0 .. count-1]` are the tiles in draw order; the
 * rest of `tiles` is room that a later `poseAt` into the same pose fills without allocating.
 *
 * Its own enumerable keys are exactly those of the line `tactics-sprite draw` prints, then
 * `tiles` and `count`: `JSON.stringify(pose)` is that line, and so is the "Test a Port" spread.
 * `fb`, `du` (the unmirrored moves, for 3D) and the layer fields are accessors over private
 * fields, which spreading and JSON leave out.
 */
class Pose {
  #fb = 0;
  #du = 0;
  #weaponType = null;
  #layerOrder = null;
  #layers = null;
  #layerCount = 0;

  constructor(capacity) {
    this.animation = '';
    this.view = 0;
    this.tick = 0;
    this.water = false;
    this.back = false;
    this.mirrored = false;
    /** The sequence played (an index into `sequences`), its name and the step shown; null on idle. */
    this.sequence = null;
    this.name = null;
    this.index = null;
    /** The frame drawn, an index into the document's `frames` (its water copy in water). */
    this.shp = 0;
    /** The 2D move: `fb · (mirrored ? 1 : -1)` and `du`, to add to every tile on a flat stage. */
    this.moveX = 0;
    this.moveY = 0;
    this.tiles = [];
    for (let i = 0; i < capacity; i++) this.tiles.push(new PoseTile());
    this.count = 0;
  }

  /** The sequence's accumulated forward move at this step, before any mirror (0 where absent). */
  get fb() { return this.#fb; }
  set fb(value) { this.#fb = value; }
  /** The sequence's accumulated down move at this step (0 where absent). */
  get du() { return this.#du; }
  set du(value) { this.#du = value; }
  /** The weapon type of a layered pose (`poseWithLayers`), else null. */
  get weaponType() { return this.#weaponType; }
  set weaponType(value) { this.#weaponType = value; }
  /** The draw order in force, front-most first (a layered pose's; the default order otherwise). */
  get layerOrder() { return this.#layerOrder ?? DEFAULT_LAYER_ORDER; }
  /** The layers showing a frame, `layers[0 .. layerCount-1]`, back to front. */
  get layers() {
    if (this.#layers === null) {
      this.#layers = [new LayerPose(), new LayerPose()];
      this.#layerOrder = DEFAULT_LAYER_ORDER.slice();
    }
    return this.#layers;
  }
  get layerCount() { return this.#layerCount; }
  set layerCount(value) { this.#layerCount = value; }

  /** The line `tactics-sprite draw` prints (with `--weapon`, its layered line). */
  toJSON() {
    const out = {
      animation: this.animation, view: this.view, tick: this.tick, water: this.water,
      back: this.back, mirrored: this.mirrored, sequence: this.sequence, name: this.name,
      index: this.index, shp: this.shp, moveX: this.moveX, moveY: this.moveY,
      tiles: this.tiles.slice(0, this.count).map((t) => t.toJSON()),
    };
    if (this.#weaponType !== null) {
      out.weaponType = this.#weaponType;
      out.layerOrder = this.layerOrder.slice();
      out.layers = this.layers.slice(0, this.#layerCount).map((l) => l.toJSON());
    }
    return out;
  }
}

/**
 * A pose to fill again and again: `poseAt(atlas, animation, view, tick, water, pose)` writes into
 * it and allocates nothing. It holds `atlas.maxTiles` tiles (or `capacity`, if larger).
 */
export function createPose(atlas, capacity = 0) {
  return new Pose(Math.max(atlasOf(atlas, 'createPose').maxTiles, capacity));
}

function checkView(view) {
  if (!isWhole(view) || view < 0 || view > 7) fail(`view ${view} is out of range: views are 0..7`);
}

function checkTick(tick) {
  if (!isWhole(tick) || tick < 0) fail(`tick ${tick} is not a whole number >= 0: ticks count up from 0`);
}

function ensureCapacity(tiles, n) {
  while (tiles.length < n) tiles.push(new PoseTile());
}

/**
 * Places frame `shp` of `frames` (flat) into `tiles` from index 0: `(mirrored ? -u : u) - w/2`,
 * `v - h/2`, flipX `mirrored != flip`; `secondSheet` sends lower-half cells to `sp2`. Returns the
 * count. `checkIds`: a unit document's cell must carry its own id (the Rust checks it there).
 */
function placeInto(tiles, frames, cells, shp, mirrored, secondSheet, checkIds, what) {
  const from = frames.start[shp];
  const n = frames.start[shp + 1] - from;
  ensureCapacity(tiles, n);
  for (let k = 0; k < n; k++) {
    const i = from + k;
    const id = frames.cell[i];
    if (id < 0 || id >= cells.w.length || (checkIds && cells.valid[id] === 0)) {
      fail(`${what} ${shp}, tile ${k}: no cell ${id} (the document has ${cells.w.length})`);
    }
    const w = cells.w[id];
    const h = cells.h[id];
    const u = frames.u[i];
    const t = tiles[k];
    t.cell = id;
    // `0 - u`, not `-u`: -0 is not a small integer, and storing one allocates.
    t.x = (mirrored ? 0 - u : u) - w / 2;
    t.y = frames.v[i] - h / 2;
    t.w = w;
    t.h = h;
    t.flipX = mirrored !== (frames.flip[i] === 1);
    t.flipY = frames.flipY[i] === 1;
    t.sheet = secondSheet && cells.y[id] >= SP2_FROM_ROW ? 1 : 0;
    t.order = k;
  }
  return n;
}

/** `frame + (water ? waterOffset : 0)`, checked to be a frame of the document. */
function waterFrame(atlas, frame, water) {
  const shp = frame + (water ? atlas.waterOffset : 0);
  const count = atlas.frames.start.length - 1;
  if (!(shp >= 0 && shp < count)) fail(`frame ${shp} is not in the document, which has ${count} frames`);
  return shp;
}

/**
 * The step of a sequence shown `elapsed` ticks in: the first i with
 * `elapsed < ticks[0] + ... + ticks[i]` (its own delay included), else the last (a last delay of
 * 0 holds). docs/format.md, "The frame at a tick".
 */
function stepAt(ends, elapsed) {
  const n = ends.length;
  // Sequences have a handful of steps: a straight scan beats a binary search here.
  for (let i = 0; i < n; i++) if (elapsed < ends[i]) return i;
  return n - 1;
}

function resetLayers(pose) {
  pose.weaponType = null;
  pose.layerCount = 0;
}

function poseIdle(a, view, tick, water, pose) {
  const frame = a.idleFrames[view];
  if (frame === undefined) fail(`idleFrames has no frame for view ${view}`);
  const shp = waterFrame(a, frame, water);
  const mirrored = a.idleFlip !== null && a.idleFlip[view] === 1;
  pose.animation = IDLE.name;
  pose.view = view;
  pose.tick = tick;
  pose.water = water;
  pose.back = isBackView(view);
  pose.mirrored = mirrored;
  pose.sequence = null;
  pose.name = null;
  pose.index = null;
  pose.shp = shp;
  pose.moveX = 0;
  pose.moveY = 0;
  pose.fb = 0;
  pose.du = 0;
  pose.count = placeInto(pose.tiles, a.frames, a.cells, shp, mirrored, false, true, 'frame');
  resetLayers(pose);
  return pose;
}

/** The sequence `animation` plays at `view` (index `index`), checked. */
function playedSequence(a, animation, index) {
  const s = a.sequences[index];
  if (!s) {
    fail(`animation ${JSON.stringify(animation.name)} plays sequence ${index}, which is not in ` +
      `the document (it has ${a.sequences.length})`);
  }
  if (s.problem) fail(s.problem);
  return s;
}

/** The ticks `tick` is into sequence `s` as `animation` plays it: wrapped when the animation loops. */
function elapsedIn(animation, s, tick) {
  return animation.loop === true && s.total > 0 ? tick % s.total : tick;
}

/**
 * poseAt(atlas, animation, view, tick, water = false, into): what `animation` shows in `view` at
 * `tick`. `animation` is an entry of the document's `animations` (or `IDLE`, or a name, looked
 * up with `findAnimation`); `atlas` may be a document. With `into` (from `createPose`) the pose
 * is written there and nothing is allocated; without it a new pose is returned.
 *
 * The clock wraps when the *animation* loops (`animation.loop`, the front sequence's, used for
 * both facings, as the Rust decides); a sequence that does not loop holds its last step.
 */
export function poseAt(atlas, animation, view, tick, water = false, into = undefined) {
  const a = atlasOf(atlas, 'poseAt');
  const motion = resolveAnimation(a, animation);
  checkView(view);
  checkTick(tick);
  const pose = into ?? new Pose(0);
  if (motion === IDLE || (motion.idle === true && motion.front === undefined)) {
    return poseIdle(a, view, tick, water === true, pose);
  }
  const mirrored = isMirroredView(view);
  const sequence = isBackView(view) ? motion.back : motion.front;
  const s = playedSequence(a, motion, sequence);
  const index = stepAt(s.ends, elapsedIn(motion, s, tick));
  const shp = waterFrame(a, s.frames[index], water === true);
  const fb = s.fb === null ? 0 : s.fb[index];
  const du = s.du === null ? 0 : s.du[index];
  pose.animation = motion.name;
  pose.view = view;
  pose.tick = tick;
  pose.water = water === true;
  pose.back = isBackView(view);
  pose.mirrored = mirrored;
  pose.sequence = sequence;
  pose.name = s.name;
  pose.index = index;
  pose.shp = shp;
  pose.moveX = mirrored ? fb : 0 - fb; // 0 - 0 is 0, where -0 would print as 0 but compare as -0
  pose.moveY = du;
  pose.fb = fb;
  pose.du = du;
  pose.count = placeInto(pose.tiles, a.frames, a.cells, shp, mirrored, s.secondSheet, true, 'frame');
  resetLayers(pose);
  return pose;
}

/**
 * Frame `shp` as it is stored: not mirrored, no move, no sequence (what `tactics-sprite render
 * --frame` draws). Into `into` when given.
 */
export function framePose(atlas, shp, into = undefined) {
  const a = atlasOf(atlas, 'framePose');
  const count = a.frames.start.length - 1;
  if (!isWhole(shp) || shp < 0 || shp >= count) fail(`frame ${shp} is not in the document, which has ${count} frames`);
  const pose = into ?? new Pose(0);
  pose.animation = '';
  pose.view = 1;
  pose.tick = 0;
  pose.water = false;
  pose.back = false;
  pose.mirrored = false;
  pose.sequence = null;
  pose.name = null;
  pose.index = null;
  pose.shp = shp;
  pose.moveX = 0;
  pose.moveY = 0;
  pose.fb = 0;
  pose.du = 0;
  pose.count = placeInto(pose.tiles, a.frames, a.cells, shp, false, false, true, 'frame');
  resetLayers(pose);
  return pose;
}

// ---------------------------------------------------------------------------------------------
// Events

function sumTicks(ticks) {
  let total = 0;
  for (const t of ticks) total += t;
  return total;
}

/** The events sorted by tick (stable: same-tick events keep their order), and the loop period. */
function eventPlan(sequence) {
  const events = (sequence.events ?? []).slice().sort((x, y) => x[0] - y[0]);
  const total = sumTicks(sequence.ticks);
  const period = sequence.loop === true && total > 0 ? total : 0;
  if (period) {
    const late = events.find((e) => e[0] > period);
    if (late) {
      fail(`sequence ${sequence.seq}: an event at tick ${late[0]} is after its end (${period}), ` +
        'which no pass of the loop reaches');
    }
  }
  return { events, period };
}

/** How many k >= 0 put `k·period + t` in (from, to] (only k = 0 without a period). */
function crossings(t, period, from, to) {
  if (!period) return from < t && t <= to ? 1 : 0;
  if (to < t) return 0;
  const first = from < t ? 0 : Math.floor((from - t) / period) + 1;
  const last = Math.floor((to - t) / period);
  return Math.max(0, last - first + 1);
}

/**
 * Calls `visit(tick, pass, label)` for each event crossed in (from, to], in order, until it
 * returns false. Starts at the pass that holds `from`: no pass before it is walked.
 */
function walkEvents(plan, from, to, visit) {
  const { events, period } = plan;
  if (to <= from || events.length === 0) return;
  if (!period) {
    for (const [t, label] of events) {
      if (t > from && t <= to && visit(t, 0, label) === false) return;
    }
    return;
  }
  for (let pass = Math.floor(from / period); ; pass++) {
    const base = pass * period;
    if (base + events[0][0] > to) return;
    for (const [t, label] of events) {
      const at = base + t;
      if (at > to) return;
      if (at > from && visit(at, pass, label) === false) return;
    }
  }
}

function checkSpan(from, to) {
  checkTick(from);
  checkTick(to);
  if (from > Number.MAX_SAFE_INTEGER || to > Number.MAX_SAFE_INTEGER) fail('ticks past 2^53 - 1 are not exact');
}

/**
 * The events a player crosses moving its clock from tick `from` to tick `to`: the interval
 * (from, to], each `{ tick, pass, label }` in order (tick order; same-tick events in the
 * sequence's order). On a sequence that loops (`loop` and a total above 0) pass k fires each
 * event at k·total + tick; any other fires each once. Tick 0 itself is `eventsAtStart`. At most
 * `limit` are returned (`countEventsBetween` counts them all without walking).
 * `sequence` is an entry of the document's `sequences` (`atlas.doc.sequences[pose.sequence]`).
 */
export function eventsBetween(sequence, from, to, limit = 1000) {
  checkSpan(from, to);
  const plan = eventPlan(sequence);
  const out = [];
  if (limit <= 0) return out;
  walkEvents(plan, from, to, (tick, pass, label) => {
    out.push({ tick, pass, label });
    return out.length < limit;
  });
  return out;
}

/** How many events (from, to] holds, counted pass by pass arithmetically: any span costs the same. */
export function countEventsBetween(sequence, from, to) {
  checkSpan(from, to);
  const { events, period } = eventPlan(sequence);
  if (to <= from) return 0;
  let n = 0;
  for (const [t] of events) n += crossings(t, period, from, to);
  return n;
}

/** The events at tick 0, which a player fires when it starts: no (from, to] interval holds tick 0. */
export function eventsAtStart(sequence) {
  return (sequence.events ?? []).filter(([t]) => t === 0).map(([tick, label]) => ({ tick, pass: 0, label }));
}

// ---------------------------------------------------------------------------------------------
// The player

/**
 * A clock playing one animation: advance it by seconds (`advance`) or ticks (`advanceTicks`), ask
 * it for the pose (`pose`). It loops or holds as the animation says (`poseAt` wraps the clock).
 * Every event of the played sequence is fired exactly once, through `onEvent(event)`, however
 * long a step is (a step across many loops walks them one event at a time, never building a
 * list): the tick-0 events on the first advance after the start, then each crossing of
 * (previous tick, new tick].
 *
 * options: `view` (1), `water` (false), `onEvent` (none), `tick` (0: where the clock starts).
 */
export function createPlayer(atlas, animation, options = {}) {
  const a = atlasOf(atlas, 'createPlayer');
  const motion = resolveAnimation(a, animation);
  const idle = motion === IDLE;
  let view = options.view ?? 1;
  checkView(view);
  let water = options.water === true;
  let onEvent = options.onEvent ?? null;
  let tick = options.tick ?? 0;
  checkTick(tick);
  // Ticks and a fraction of one: seconds are added to the fraction, so 60 steps of 1/60 s make
  // exactly 60 ticks (within a millionth of a tick, which the sum of floats needs).
  let fraction = 0;
  let startPending = tick === 0;
  const own = createPose(a);
  const plans = new Map();

  function playedEntry() {
    if (idle) return null;
    return a.doc.sequences[isBackView(view) ? motion.back : motion.front] ?? null;
  }

  function plan() {
    const entry = playedEntry();
    if (!entry) return null;
    let p = plans.get(entry);
    if (!p) {
      p = eventPlan(entry);
      plans.set(entry, p);
    }
    return p;
  }

  function fire(fromTick, toTick) {
    const p = plan();
    if (!p) return 0;
    let fired = 0;
    if (startPending) {
      startPending = false;
      for (const [t, label] of p.events) {
        if (t !== 0) break;
        fired++;
        if (onEvent) onEvent({ tick: 0, pass: 0, label });
      }
    }
    walkEvents(p, fromTick, toTick, (at, pass, label) => {
      fired++;
      if (onEvent) onEvent({ tick: at, pass, label });
    });
    return fired;
  }

  function step(ticks) {
    const from = tick;
    if (from + ticks > Number.MAX_SAFE_INTEGER) fail('the clock would run past 2^53 - 1 ticks');
    tick = from + ticks;
    return fire(from, tick);
  }

  const player = {
    get animation() { return motion; },
    /** The whole tick the clock shows. */
    get tick() { return tick; },
    /** The clock in seconds, the fraction of a tick included. */
    get seconds() { return (tick + fraction) / TICKS_PER_SECOND; },
    get view() { return view; },
    set view(v) { checkView(v); view = v; },
    get water() { return water; },
    set water(w) { water = w === true; },
    get onEvent() { return onEvent; },
    set onEvent(f) { onEvent = f ?? null; },
    /** Whether the animation loops (its own `loop`). */
    get loops() { return !idle && motion.loop === true; },
    /**
     * A non-looping animation that has reached its last step and holds it (true from the tick its
     * sequence ends; never for a looping one or idle).
     */
    get finished() {
      const entry = playedEntry();
      if (!entry || motion.loop === true) return false;
      return tick >= sumTicks(entry.ticks);
    },
    /** Moves the clock on by `seconds`; fires the events crossed; returns how many it fired. */
    advance(seconds) {
      if (!(seconds >= 0) || !Number.isFinite(seconds)) fail(`a player advances by seconds >= 0, not ${seconds}`);
      const ticks = fraction + seconds * TICKS_PER_SECOND;
      const whole = Math.floor(ticks + 1e-6);
      fraction = Math.max(0, ticks - whole);
      return step(whole);
    },
    /** Moves the clock on by whole `ticks` (its fraction of a tick kept); fires the events crossed. */
    advanceTicks(ticks) {
      checkTick(ticks);
      return step(ticks);
    },
    /** Puts the clock at `t` without firing anything (a scrub). */
    seek(t) {
      checkTick(t);
      tick = t;
      fraction = 0;
      startPending = t === 0;
    },
    /** Back to tick 0: the tick-0 events fire again on the next advance. */
    restart() {
      this.seek(0);
    },
    /** The pose at the clock's tick: into `into` when given, else into the player's own pose. */
    pose(into = own) {
      return poseAt(a, motion, view, tick, water, into);
    },
  };
  return player;
}

// ---------------------------------------------------------------------------------------------
// Hands

function armTileIndex(pose, arm, what) {
  if (pose.count === 0) return -1;
  if (arm === 'first' || arm === 0) return 0;
  if (arm === 'last' || arm === 1) return pose.count - 1;
  fail(`${what}: the arm is 'first' (the frame's first tile) or 'last' (its last), not ${JSON.stringify(arm)}`);
}

function handsOf(a, what) {
  if (a.hands === null) {
    fail(`${what}: the atlas has no "hands" table: the document's is null, as in every document ` +
      "built from the game's files (the table is read off one sheet by hand). Give your sheet's " +
      'own as createAtlas(doc, { hands: { cellId: [x, y, degrees] } }), or check atlas.hands first');
  }
  return a.hands;
}

/**
 * The hand on tile `index` of `pose` (placed, so the view's mirror is in it), from the stance
 * point, before the 2D move: `{ x, y, degrees, cell }` or null when that tile's cell has no hand.
 * `x`, `y` are the centre of the hand pixel (`+ 0.5`), so that a mirror is a change of sign.
 */
function handOnTile(a, pose, index, what) {
  const hands = handsOf(a, what);
  if (index < 0) return null;
  const t = pose.tiles[index];
  const hand = hands[String(t.cell)];
  if (!hand) return null;
  const [hx, hy, degrees] = hand;
  const px = t.flipX ? t.w - hx - 0.5 : hx + 0.5;
  const py = t.flipY ? t.h - hy - 0.5 : hy + 0.5;
  return { x: t.x + px, y: t.y + py, degrees, cell: t.cell };
}

/**
 * The hand of `arm` ('first': the frame's first tile, 'last': its last, as `holds` name them) in
 * a pose: the point from the stance point with the view's mirror and the 2D move in it,
 * `{ x, y, degrees, cell }`; `degrees` is the forearm's direction as the document gives it
 * (0 along the facing, 90 up: a mirror does not change a direction counted from the facing).
 * null when that tile draws no hand. Throws when the atlas has no `hands` table (the document's,
 * or the one given to `createAtlas(doc, { hands })`).
 */
export function handPoint(atlas, pose, arm) {
  const a = atlasOf(atlas, 'handPoint');
  const hand = handOnTile(a, pose, armTileIndex(pose, arm, 'handPoint'), 'handPoint');
  if (hand === null) return null;
  hand.x += pose.moveX;
  hand.y += pose.moveY;
  return hand;
}

const handScratch = new WeakMap();

/**
 * The hand of `arm` on frame `shp` as stored: before any view mirror or move (a tile's own flip
 * is in it). `{ x, y, degrees, cell }` or null; throws when the atlas has no `hands` table.
 */
export function frameHand(atlas, shp, arm) {
  const a = atlasOf(atlas, 'frameHand');
  handsOf(a, 'frameHand');
  let pose = handScratch.get(a);
  if (!pose) {
    pose = createPose(a);
    handScratch.set(a, pose);
  }
  framePose(a, shp, pose);
  return handOnTile(a, pose, armTileIndex(pose, arm, 'frameHand'), 'frameHand');
}

// ---------------------------------------------------------------------------------------------
// Weapon and effect layers

class LayerAtlas {
  constructor(doc) {
    if (doc?.format !== 'tactics-sprite-layer') {
      fail(`not a tactics-sprite-layer document: its format is ${JSON.stringify(doc?.format)}`);
    }
    for (const key of ['cells', 'frames', 'sequences', 'firstFrames']) {
      if (!Array.isArray(doc[key])) fail(`not a tactics-sprite-layer document: no "${key}" list`);
    }
    this.doc = doc;
    this.layer = doc.layer;
    this.kind = doc.kind;
    this.sheet = doc.sheet;
    this.anchor = doc.anchor ?? [0, 0];
    this.cells = flattenCells(doc.cells);
    this.frames = flattenFrames(doc.frames, (f) => f.tiles);
    this.degrees = Float64Array.from(doc.frames, (f) => f.degrees);
    this.flags = Int32Array.from(doc.frames, (f) => f.flags);
    this.firstFrame = new Map(doc.firstFrames.map((f) => [f.weapon, f.frame]));
    this.sequences = doc.sequences.map((s) => ({
      frames: Int32Array.from(s.frames),
      ticks: s.ticks,
      ends: (() => {
        const ends = new Float64Array(s.ticks.length);
        let total = 0;
        s.ticks.forEach((t, i) => { total += t; ends[i] = total; });
        return ends;
      })(),
      total: sumTicks(s.ticks),
      end: s.end,
      // The effects this slot starts (a sword's swing starts its swoosh): [slot, tick] pairs.
      effects: (s.layers ?? []).filter((c) => c.layer === 2).map((c) => [c.slot, c.tick]),
    }));
  }
}

/** Reads a layer document (`tactics-sprite-layer`: WEP1, WEP2 or EFF1) for `poseWithLayers`. */
export function createLayerAtlas(doc) {
  return doc instanceof LayerAtlas ? doc : new LayerAtlas(doc);
}

const unitCues = new WeakMap();
const NO_EFFECTS = Object.freeze([]);

/** A unit sequence's layer cues, read once: priorities `[tick, order]` and starts `[tick, layer, slot]`. */
function cuesOf(entry) {
  let cues = unitCues.get(entry);
  if (!cues) {
    cues = { priorities: [], starts: [] };
    for (const c of entry.layers ?? []) {
      if (Array.isArray(c.order)) {
        cues.priorities.push([c.tick, Object.freeze(c.order.filter((n) => LAYER_NAMES.has(n)))]);
      } else if (c.layer !== undefined) {
        cues.starts.push([c.tick, c.layer, c.slot]);
      }
    }
    unitCues.set(entry, cues);
  }
  return cues;
}

/** The frame a layer slot shows `local` ticks after it started, or -1 when it shows none. */
function layerStep(s, local) {
  if (s.ends.length === 0) return -1;
  let t = local;
  if (s.end === 'loop' && s.total > 0) t = local % s.total;
  else if (s.end === 'EndAnimation' && local >= s.total) return -1;
  return stepAt(s.ends, t);
}

/** Fills `out` with layer `name` of `doc` playing `slot` from `started`; false when it shows nothing. */
function layerPoseInto(out, name, doc, weaponType, slot, started, elapsed, mirrored) {
  const s = doc.sequences[slot];
  if (!s || started > elapsed) return false;
  const index = layerStep(s, elapsed - started);
  if (index < 0) return false;
  const first = doc.firstFrame.get(weaponType);
  if (first === undefined) return false;
  const shp = first + s.frames[index];
  if (!(shp >= 0 && shp < doc.frames.start.length - 1)) return false;
  // A tile whose cell the layer document lacks hides the layer's frame, as in the Rust.
  for (let i = doc.frames.start[shp]; i < doc.frames.start[shp + 1]; i++) {
    const id = doc.frames.cell[i];
    if (id < 0 || id >= doc.cells.w.length) return false;
  }
  out.layer = name;
  out.atlas = doc;
  out.slot = slot;
  out.started = started;
  out.index = index;
  out.shp = shp;
  const degrees = doc.degrees[shp];
  out.degrees = mirrored ? -degrees : degrees;
  out.pivotX = mirrored ? 0 - doc.anchor[0] : doc.anchor[0];
  out.pivotY = doc.anchor[1];
  out.flags = doc.flags[shp];
  out.count = placeInto(out.tiles, doc.frames, doc.cells, shp, mirrored, false, false, 'layer frame');
  return true;
}

function checkLayers(layers) {
  if (!layers || typeof layers.weaponType !== 'string') fail('poseWithLayers: layers is { weaponType, weapon, effect }');
  if (!WEAPON_TYPES.includes(layers.weaponType)) {
    fail(`unknown weapon type ${JSON.stringify(layers.weaponType)}; the types are ${WEAPON_TYPES.join(', ')}`);
  }
}

/**
 * `poseAt` with the weapon and effect layers the animation's sequence starts, for a unit holding
 * `layers.weaponType`: `layers` is `{ weaponType, weapon, effect }`, the two layer atlases (or
 * documents; either may be null, and its layer is then not drawn). The pose also carries
 * `weaponType`, `layerOrder` (front-most first) and `layers[0 .. layerCount-1]` (back to front).
 * `JSON.stringify` of it is the line `tactics-sprite draw --weapon` prints. The idle frame starts
 * no layer: it gives the plain pose, as `draw` does.
 */
export function poseWithLayers(atlas, animation, view, tick, water, layers, into = undefined) {
  const a = atlasOf(atlas, 'poseWithLayers');
  checkLayers(layers);
  const motion = resolveAnimation(a, animation);
  const pose = poseAt(a, motion, view, tick, water, into);
  if (motion === IDLE) return pose;
  const weapon = layers.weapon ? createLayerAtlas(layers.weapon) : null;
  const effect = layers.effect ? createLayerAtlas(layers.effect) : null;
  const entry = a.doc.sequences[pose.sequence];
  const elapsed = elapsedIn(motion, a.sequences[pose.sequence], pose.tick);
  const cues = cuesOf(entry);
  let order = DEFAULT_LAYER_ORDER;
  let weaponSlot = -1;
  let weaponAt = 0;
  let effectSlot = -1;
  let effectAt = 0;
  for (let i = 0; i < cues.priorities.length; i++) {
    if (cues.priorities[i][0] <= elapsed) order = cues.priorities[i][1];
  }
  for (let i = 0; i < cues.starts.length; i++) {
    const [t, layer, slot] = cues.starts[i];
    if (t > elapsed) continue;
    if (layer === 1) {
      weaponSlot = slot;
      weaponAt = t;
    } else if (layer === 2 && (effectSlot < 0 || t >= effectAt)) {
      effectSlot = slot;
      effectAt = t;
    }
  }
  // The weapon slot playing starts effects of its own, at its start plus their ticks.
  if (weaponSlot >= 0 && weapon) {
    const effects = weapon.sequences[weaponSlot]?.effects ?? NO_EFFECTS;
    for (let i = 0; i < effects.length; i++) {
      const [slot, t] = effects[i];
      const at = weaponAt + t;
      if (at <= elapsed && (effectSlot < 0 || at >= effectAt)) {
        effectSlot = slot;
        effectAt = at;
      }
    }
  }
  pose.weaponType = layers.weaponType;
  const slots = pose.layers;
  const lo = pose.layerOrder;
  lo.length = order.length;
  for (let i = 0; i < order.length; i++) lo[i] = order[i];
  let n = 0;
  if (weapon && weaponSlot >= 0 &&
      layerPoseInto(slots[n], 'weapon', weapon, layers.weaponType, weaponSlot, weaponAt, elapsed, pose.mirrored)) n++;
  if (effect && effectSlot >= 0 &&
      layerPoseInto(slots[n], 'effect', effect, layers.weaponType, effectSlot, effectAt, elapsed, pose.mirrored)) n++;
  // Back to front: the layer later in the order (further back) first; one the order lacks last.
  if (n === 2) {
    if (lo.indexOf(slots[1].layer) > lo.indexOf(slots[0].layer)) {
      const t = slots[0];
      slots[0] = slots[1];
      slots[1] = t;
    }
  }
  pose.layerCount = n;
  return pose;
}

// ---------------------------------------------------------------------------------------------
// Drawing on a Canvas 2D context

/** An image and the row of it a sheet's row 0 is: an image, or `{ image, top }`. */
function sourceOf(entry) {
  if (!entry) return null;
  if (entry.image !== undefined) return { image: entry.image, top: entry.top ?? 0 };
  return { image: entry, top: 0 };
}

function scratchCanvas(ctx, width, height, options) {
  if (options.createCanvas) return options.createCanvas(width, height);
  if (typeof OffscreenCanvas === 'function') return new OffscreenCanvas(width, height);
  const doc = ctx.canvas?.ownerDocument ?? globalThis.document;
  if (!doc) fail('drawPose needs a scratch canvas for the layers: pass options.createCanvas(width, height)');
  const c = doc.createElement('canvas');
  c.width = width;
  c.height = height;
  return c;
}

/**
 * Draws tiles[0..count-1] with the move onto `ctx`, the stance point at (sx, sy), `scale` canvas
 * pixels to a document pixel, each cell cut from the sheet at `sheetScale` times its place and
 * size (2 for the remaster's HD sheet).
 */
function drawTiles(ctx, cells, tiles, count, moveX, moveY, sheet, sp2, sx, sy, scale, sheetScale) {
  for (let i = 0; i < count; i++) {
    const t = tiles[i];
    let source = sheet;
    let top = cells.y[t.cell];
    if (t.sheet === 1) {
      // Without the SP2 a `sheet: 1` tile is left out (tactics-sprite render refuses those).
      if (!sp2) continue;
      source = sp2;
      top -= SP2_FROM_ROW;
    }
    if (!source) continue;
    const x = sx + (Math.floor(t.x) + moveX) * scale;
    const y = sy + (Math.floor(t.y) + moveY) * scale;
    const w = t.w * scale;
    const h = t.h * scale;
    ctx.save();
    ctx.translate(x + (t.flipX ? w : 0), y + (t.flipY ? h : 0));
    ctx.scale(t.flipX ? -1 : 1, t.flipY ? -1 : 1);
    ctx.drawImage(source.image, cells.x[t.cell] * sheetScale, top * sheetScale + source.top,
      t.w * sheetScale, t.h * sheetScale, 0, 0, w, h);
    ctx.restore();
  }
}

/** 1 in the turn's sums, which count a sine or cosine in 4096ths. */
const TURN_ONE = 4096;

/**
 * A layer frame's turn as `tactics-sprite render` applies it (the Rust crate's `sprite_render::turn`):
 * the sine and cosine in 4096ths, each rounded half up, so that the pixels a turn picks are worked
 * out in whole numbers and do not depend on where the frame is placed or on the engine's sine.
 */
function turnOf(degrees) {
  if (!Number.isFinite(degrees)) return { sin: 0, cos: TURN_ONE };
  const r = degrees * (Math.PI / 180);
  return {
    sin: Math.floor(Math.sin(r) * TURN_ONE + 0.5),
    cos: Math.floor(Math.cos(r) * TURN_ONE + 0.5),
  };
}

/** The box (from the stance point) of a layer's tiles turned about its pivot, at the move. */
function turnedBounds(layer, moveX, moveY, box) {
  const { sin, cos } = turnOf(layer.degrees);
  const px = layer.pivotX;
  const py = layer.pivotY;
  for (let i = 0; i < layer.count; i++) {
    const t = layer.tiles[i];
    for (const [cx, cy] of [[t.x, t.y], [t.x + t.w, t.y], [t.x, t.y + t.h], [t.x + t.w, t.y + t.h]]) {
      const dx = cx - px;
      const dy = cy - py;
      // A pixel of margin each way: the turn back is not exactly the inverse of this one.
      const x = px + (dx * cos - dy * sin) / TURN_ONE + moveX;
      const y = py + (dx * sin + dy * cos) / TURN_ONE + moveY;
      box.left = Math.min(box.left, Math.floor(x) - 1);
      box.top = Math.min(box.top, Math.floor(y) - 1);
      box.right = Math.max(box.right, Math.ceil(x) + 1);
      box.bottom = Math.max(box.bottom, Math.ceil(y) + 1);
    }
  }
}

function tileBounds(tiles, count, moveX, moveY, box) {
  for (let i = 0; i < count; i++) {
    const t = tiles[i];
    const x = Math.floor(t.x) + moveX;
    const y = Math.floor(t.y) + moveY;
    box.left = Math.min(box.left, x);
    box.top = Math.min(box.top, y);
    box.right = Math.max(box.right, x + t.w);
    box.bottom = Math.max(box.bottom, y + t.h);
  }
}

/** `top` over `bottom`, straight alpha, rounded as the Rust renderer rounds. */
function blendOver(d, i, r, g, b, a) {
  if (a === 255) {
    d[i] = r; d[i + 1] = g; d[i + 2] = b; d[i + 3] = 255;
    return;
  }
  const ba = Math.floor((d[i + 3] * (255 - a)) / 255);
  const total = a + ba;
  d[i] = Math.min(255, Math.floor((r * a + d[i] * ba + Math.floor(total / 2)) / total));
  d[i + 1] = Math.min(255, Math.floor((g * a + d[i + 1] * ba + Math.floor(total / 2)) / total));
  d[i + 2] = Math.min(255, Math.floor((b * a + d[i + 2] * ba + Math.floor(total / 2)) / total));
  d[i + 3] = Math.min(255, total);
}

/**
 * Draws a layered pose: each part (the unit, each layer) is drawn unturned on a scratch canvas
 * at one pixel per pixel, and its pixels composed into one picture, back to front, as the Rust
 * renderer composes them: a turned layer pixel by pixel, each picture pixel taking the nearest
 * source pixel turned back about the pivot; an additive layer (flags 0x21) added channel by
 * channel, capped at 255. The picture is then drawn on `ctx` at the scale, over what is there.
 *
 * From an HD sheet (`sheetScale` 2) the picture is twice the size: the unit is drawn on it from
 * the HD sheet, and each layer, SD art, is composed at the document's size and each of its
 * pixels blended into a 2 x 2 block.
 */
function drawLayered(ctx, a, pose, sheets, sx, sy, scale, sheetScale, options) {
  const box = { left: Infinity, top: Infinity, right: -Infinity, bottom: -Infinity };
  tileBounds(pose.tiles, pose.count, pose.moveX, pose.moveY, box);
  for (let l = 0; l < pose.layerCount; l++) {
    const layer = pose.layers[l];
    tileBounds(layer.tiles, layer.count, pose.moveX, pose.moveY, box);
    turnedBounds(layer, pose.moveX, pose.moveY, box);
  }
  if (!(box.right > box.left && box.bottom > box.top)) return;
  // The layers' size, the document's; the picture's, the sheet's.
  const width = box.right - box.left;
  const height = box.bottom - box.top;
  const k = sheetScale;
  const part = scratchCanvas(ctx, width * k, height * k, options);
  const pc = part.getContext('2d', { willReadFrequently: true });
  const layerPart = k === 1 ? part : scratchCanvas(ctx, width, height, options);
  const lc = k === 1 ? pc : layerPart.getContext('2d', { willReadFrequently: true });
  const picture = pc.createImageData(width * k, height * k);
  const dst = picture.data;
  // The stance point in the picture's pixels.
  const ox = -box.left;
  const oy = -box.top;
  const order = [];
  for (let i = pose.layerOrder.length - 1; i >= 0; i--) {
    const name = pose.layerOrder[i];
    if (name === 'unit') order.push(-1);
    else for (let l = 0; l < pose.layerCount; l++) if (pose.layers[l].layer === name) order.push(l);
  }
  for (const which of order) {
    if (which < 0) {
      // The unit, at the sheet's size: one picture pixel to a sheet pixel.
      pc.clearRect(0, 0, width * k, height * k);
      drawTiles(pc, a.cells, pose.tiles, pose.count, pose.moveX, pose.moveY, sourceOf(sheets.sheet), sourceOf(sheets.sp2), ox * k, oy * k, k, k);
      const src = pc.getImageData(0, 0, width * k, height * k).data;
      for (let i = 0; i < src.length; i += 4) {
        const alpha = src[i + 3];
        if (alpha !== 0) blendOver(dst, i, src[i], src[i + 1], src[i + 2], alpha);
      }
      continue;
    }
    const layer = pose.layers[which];
    const source = sourceOf(layer.layer === 'weapon' ? sheets.weapon : sheets.effect);
    if (!source) continue;
    lc.clearRect(0, 0, width, height);
    drawTiles(lc, layer.atlas.cells, layer.tiles, layer.count, pose.moveX, pose.moveY, source, null, ox, oy, 1, 1);
    const src = lc.getImageData(0, 0, width, height).data;
    composeTurned(dst, src, width, height, layer, ox + pose.moveX, oy + pose.moveY, k);
  }
  pc.putImageData(picture, 0, 0);
  const smoothing = ctx.imageSmoothingEnabled;
  ctx.imageSmoothingEnabled = false;
  ctx.drawImage(part, 0, 0, width * k, height * k, sx + box.left * k * scale, sy + box.top * k * scale, width * k * scale, height * k * scale);
  ctx.imageSmoothingEnabled = smoothing;
}

function addOnto(d, i, r, g, b, a) {
  d[i] = Math.min(255, d[i] + r);
  d[i + 1] = Math.min(255, d[i + 1] + g);
  d[i + 2] = Math.min(255, d[i + 2] + b);
  d[i + 3] = Math.max(d[i + 3], a);
}

/**
 * `src` (`width` x `height`) turned by the layer's degrees clockwise about its pivot (+ the
 * move), composed onto `dst`, which is `k` times its size: each pixel a `k` x `k` block. A layer
 * of 0 degrees is each pixel where it is.
 */
function composeTurned(dst, src, width, height, layer, originX, originY, k) {
  const turned = layer.degrees !== 0;
  const { sin, cos } = turnOf(layer.degrees);
  const px = originX + layer.pivotX;
  const py = originY + layer.pivotY;
  const additive = (layer.flags & 1) === 1 && ((layer.flags >> 5) & 3) === 1;
  const dstWidth = width * k;
  for (let y = 0; y < height; y++) {
    // Twice the centre's offset from the pivot, so that the half pixel is whole.
    const dy = 2 * (y - py) + 1;
    for (let x = 0; x < width; x++) {
      let fx = x;
      let fy = y;
      if (turned) {
        // The pixel's centre turned back about the pivot lands in the source pixel it shows
        // (exact: every product is a whole number far below 2^53, and 8192 a power of two).
        const dx = 2 * (x - px) + 1;
        fx = px + Math.floor((dx * cos + dy * sin) / (2 * TURN_ONE));
        fy = py + Math.floor((dy * cos - dx * sin) / (2 * TURN_ONE));
        if (fx < 0 || fy < 0 || fx >= width || fy >= height) continue;
      }
      const s = (fy * width + fx) * 4;
      const alpha = src[s + 3];
      if (alpha === 0) continue;
      for (let by = 0; by < k; by++) {
        for (let bx = 0; bx < k; bx++) {
          const i = ((y * k + by) * dstWidth + x * k + bx) * 4;
          if (additive) addOnto(dst, i, src[s], src[s + 1], src[s + 2], alpha);
          else blendOver(dst, i, src[s], src[s + 1], src[s + 2], alpha);
        }
      }
    }
  }
}

/** The sheet scales `drawPose` takes: the SPR's size, and the remaster's HD sheets at twice it. */
export const SHEET_SCALES = Object.freeze([1, 2]);

/**
 * Draws `pose` on a Canvas 2D context with its stance point at (`x`, `y`) in canvas pixels, each
 * sprite pixel a `scale` x `scale` block (a whole number; nearest neighbour, smoothing off).
 *
 * `sheetScale` (1 or 2, default 1) is the size of the sheet images against the document's
 * numbers: 2 for the remaster's HD sheet (512 x 976 for a unit's 256 x 488), where each cell is
 * cut at twice its place and size and every offset and move is drawn at twice its distance, so
 * one document pixel is `scale * sheetScale` canvas pixels. The weapon and effect stay SD art
 * (the weapons sheet as it is), each pixel drawn as a 2 x 2 block, as `sprite_render` draws them.
 *
 * `sheets`: `{ sheet, sp2, weapon, effect }`, each a CanvasImageSource or `{ image, top }` (the
 * row of the image where the sheet's row 0 is). `sheet` is the unit's sheet; `sp2` the second
 * sheet that `sheet: 1` tiles are cut from (at y - 256; without it they are left out); `weapon`
 * and `effect` the blocks of the weapons sheet the layer documents' cells are cut from (for the
 * whole WEP.SPR as one image, `{ image, top: layerDoc.sheet.top }`); a layer without its image
 * is left out. Water needs nothing more: a pose in water already shows its water frame.
 *
 * A pose with layers is composed off screen first, as `tactics-sprite render` composes it, and
 * then drawn over what the canvas holds: pixel for pixel the render's picture.
 */
export function drawPose(ctx, atlas, pose, sheets, options = {}) {
  const a = atlasOf(atlas, 'drawPose');
  const scale = options.scale ?? 1;
  if (!Number.isInteger(scale) || scale < 1) fail(`drawPose: scale is a whole number >= 1, not ${scale}`);
  const sheetScale = options.sheetScale ?? 1;
  if (!SHEET_SCALES.includes(sheetScale)) {
    fail(`drawPose: sheetScale is 1 (the SPR's size) or 2 (the remaster's HD sheet), not ${shown(sheetScale)}`);
  }
  const sx = options.x ?? 0;
  const sy = options.y ?? 0;
  if (pose.layerCount > 0) {
    drawLayered(ctx, a, pose, sheets, sx, sy, scale, sheetScale, options);
    return;
  }
  const smoothing = ctx.imageSmoothingEnabled;
  ctx.imageSmoothingEnabled = false;
  drawTiles(ctx, a.cells, pose.tiles, pose.count, pose.moveX, pose.moveY, sourceOf(sheets.sheet), sourceOf(sheets.sp2), sx, sy, scale * sheetScale, sheetScale);
  ctx.imageSmoothingEnabled = smoothing;
}
