// pose.js: the tactics-sprite-data draw algorithm, `poseAt`, as a JavaScript ES module.
//
// Copy this file into a renderer: it has no dependencies and reads the document exactly as
// `GET /api/v1/data` sends it (or as `tactics-sprite build` writes it). The viewer page of
// `tactics-sprite serve` draws with it, and the project's tests hold every pose it returns to
// `GET /api/v1/draw` (the Rust reference, `sprite_data::pose`) in a real browser.
//
//   import { findMotion, pose } from './pose.js';
//   const doc = await (await fetch('/api/v1/data?kind=type1')).json();
//   const p = pose(doc, 'Swing High', 1, 18);   // view 1, tick 18 (60 ticks a second)
//   for (const t of p.tiles) drawCell(doc.cells[t.cell], t.x + p.moveX, t.y + p.moveY, t.flipX, t.flipY);
//
// `JSON.stringify(pose(...))` is the line `tactics-sprite draw` prints for the same arguments.
// The algorithm is the one docs/format.md describes; the names the format description's runtime
// exports are here too where they overlap (`createAtlas`, `findAnimation`, `poseAt`,
// `eventsBetween`, `cameraStep`, `viewOf`, `isBackView`, `isMirroredView`, `FACING`,
// `FACING_X`, `FACING_Z`, `TICKS_PER_SECOND`); names match in any case, as `draw`'s do.
//
// Where the algorithm leaves room, it decides as the reference does:
// - a frame shows while `elapsed < ticks[0] + ... + ticks[index]` (its own delay included), so
//   tick 18 of Swing High is the first tick of the frame that lands the hit;
// - `order` is a tile's place in draw order, 0 the furthest back (a frame lists its tiles back
//   to front);
// - `eventsBetween(sequence, from, to)` gives the events in `(from, to]`, counting the passes of
//   a looping sequence, so a player stepping its clock never fires one twice or skips one;
// - the extensions: `idleFlip` mirrors the idle frame of the views it marks 1; a 5-element tile
//   `[cell, u, v, flip, 1]` is drawn upside down (`flipY`); in a sequence with `sheet: 1`, a cell
//   with `y >= 256` is read from the document's `sp2` sheet at `y - 256` (`sheet: 1`).

/// Ticks in a second: the game's clock.
export const TICKS_PER_SECOND = 60;

/// The name that takes the idle branch (idle has no sequence pair).
export const IDLE = 'Idle';

/// The four facings a unit stands in, by number.
export const FACING = Object.freeze({ SE: 1, SW: 3, NW: 5, NE: 7 });

/// The world direction (x, z) of each facing number 0..7.
const H = Math.SQRT1_2;
export const FACING_X = Object.freeze([H, 1, H, 0, -H, -1, -H, 0]);
export const FACING_Z = Object.freeze([-H, 0, H, 1, H, 0, -H, -1]);

/// The pattern of each view: 0 and 3 are mirrored, 2 and 3 play the back sequence.
export const PATTERNS = Object.freeze([0, 1, 1, 2, 2, 3, 3, 0]);

/// The camera step, 0..7, of a horizontal vector (x, z) from the scene toward the camera.
export function cameraStep(x, z) {
  const reference = Math.atan2(0.5, -0.5);
  const steps = (Math.atan2(x, z) - reference + Math.PI / 36) / (Math.PI / 4);
  const rounded = Math.round(steps);
  if (!Number.isFinite(rounded)) return 0;
  return ((rounded % 8) + 8) % 8;
}

/// The view a unit facing `facing` (1, 3, 5 or 7) shows from camera step `step`.
export function viewOf(facing, step) {
  return (facing + (step % 8)) % 8;
}

export function patternOf(view) {
  return PATTERNS[view];
}

export function isBackView(view) {
  return PATTERNS[view] >= 2;
}

export function isMirroredView(view) {
  const pattern = PATTERNS[view];
  return pattern === 0 || pattern === 3;
}

/// A name with its ASCII letters in lower case (names match "in any case" as the reference's
/// do: ASCII only).
function asciiLower(name) {
  return String(name).replace(/[A-Z]/g, (c) => c.toLowerCase());
}

/// The animation named `name`, or undefined: the exact name first, else the one animation whose
/// name equals it in any case (`swing high`), as `tactics-sprite draw` finds it.
export function findAnimation(doc, name) {
  const exact = doc.animations.find((a) => a.name === name);
  if (exact) return exact;
  const wanted = asciiLower(name);
  const same = doc.animations.filter((a) => asciiLower(a.name) === wanted);
  return same.length === 1 ? same[0] : undefined;
}

/// The animation named `name`, or IDLE for the idle branch (`Idle` in any case, unless an
/// animation has that name); throws for any other name.
export function findMotion(doc, name) {
  const animation = findAnimation(doc, name);
  if (animation) return animation;
  if (asciiLower(name) === asciiLower(IDLE)) return IDLE;
  throw new Error(`unknown animation ${JSON.stringify(name)}`);
}

/// The format description's runtime starts from `createAtlas(document)`; pose.js draws from the
/// document exactly as fetched, so this only checks it has what `poseAt` reads and returns it.
/// Code written against that runtime (`poseAt(createAtlas(doc), findAnimation(...), view,
/// tick)`) runs unchanged; its `tiles` here are the pose's tiles, all of them.
export function createAtlas(doc) {
  for (const key of ['cells', 'frames', 'sequences', 'animations', 'idleFrames']) {
    if (!Array.isArray(doc?.[key])) throw new Error(`not a tactics-sprite-data document: no "${key}" list`);
  }
  return doc;
}

/// A sequence's length in ticks.
export function totalTicks(sequence) {
  let total = 0;
  for (const t of sequence.ticks) total += t;
  return total;
}

/// The position in `ticks` shown `elapsed` ticks in: the first i with
/// elapsed < ticks[0] + ... + ticks[i], else the last (a last delay of 0 holds).
export function frameIndexAt(ticks, elapsed) {
  let end = 0;
  for (let i = 0; i < ticks.length; i++) {
    end += ticks[i];
    if (elapsed < end) return i;
  }
  return ticks.length - 1;
}

function checkView(view) {
  if (!Number.isInteger(view) || view < 0 || view > 7) {
    throw new Error(`view ${view} is out of range: views are 0..7`);
  }
}

function checkTick(tick) {
  if (!Number.isInteger(tick) || tick < 0) {
    throw new Error(`tick ${tick} is negative: ticks count up from 0`);
  }
}

function waterFrame(doc, frame, water) {
  const shp = frame + (water ? doc.waterOffset : 0);
  if (shp >= doc.frames.length) {
    throw new Error(`frame ${shp} is not in the document, which has frames 0..${doc.frames.length}`);
  }
  return shp;
}

/// Frame `shp`'s tiles placed for a view that is (`mirrored`) or is not mirrored, with no move.
/// `secondSheet`: the sequence reads its lower-half cells from `sp2`.
export function placeTiles(doc, shp, mirrored, secondSheet) {
  return doc.frames[shp].map(([id, u, v, reversed = 0, flipY = 0], order) => {
    const cell = doc.cells[id];
    if (!cell || cell.id !== id) throw new Error(`frame ${shp}, tile ${order}: no cell ${id}`);
    const tile = {
      cell: id,
      x: (mirrored ? -u : u) - cell.w / 2,
      y: v - cell.h / 2,
      w: cell.w,
      h: cell.h,
      flipX: mirrored !== (reversed === 1),
    };
    // The two extensions appear only when they are set, as in the reference's JSON.
    if (flipY === 1) tile.flipY = true;
    if (secondSheet && cell.y >= 256) tile.sheet = 1;
    tile.order = order;
    return tile;
  });
}

/// poseAt(doc, animation, view, tick, water): what `animation` (an entry of doc.animations, or a
/// name, as in docs/format.md's pseudo-code, `Idle` included) shows in `view` at `tick`.
export function poseAt(doc, animation, view, tick, water = false) {
  if (typeof animation === 'string') return pose(doc, animation, view, tick, water);
  checkView(view);
  checkTick(tick);
  const back = isBackView(view);
  const mirrored = isMirroredView(view);
  const sequence = back ? animation.back : animation.front;
  const entry = doc.sequences[sequence];
  if (!entry) throw new Error(`animation ${animation.name} plays sequence ${sequence}, which is not there`);
  if (entry.frames.length === 0) throw new Error(`sequence ${entry.seq} shows no frame`);
  const total = totalTicks(entry);
  const elapsed = animation.loop && total > 0 ? tick % total : tick;
  const index = frameIndexAt(entry.ticks, elapsed);
  const shp = waterFrame(doc, entry.frames[index], water);
  const fb = entry.fb ? entry.fb[index] : 0;
  const du = entry.du ? entry.du[index] : 0;
  return {
    animation: animation.name,
    view,
    tick,
    water,
    back,
    mirrored,
    sequence,
    name: entry.name,
    index,
    shp,
    moveX: mirrored ? fb : -fb,
    moveY: du,
    tiles: placeTiles(doc, shp, mirrored, entry.sheet === 1),
  };
}

/// The idle branch: `idleFrames[view]`, no sequence, no move; mirrored only where `idleFlip`
/// marks the view 1 (the idle frames carry their own flips).
export function idlePose(doc, view, tick, water = false) {
  checkView(view);
  checkTick(tick);
  const frame = doc.idleFrames[view];
  if (frame === undefined) throw new Error(`idleFrames has no frame for view ${view}`);
  const shp = waterFrame(doc, frame, water);
  const mirrored = Array.isArray(doc.idleFlip) && doc.idleFlip[view] === 1;
  return {
    animation: IDLE,
    view,
    tick,
    water,
    back: isBackView(view),
    mirrored,
    sequence: null,
    name: null,
    index: null,
    shp,
    moveX: 0,
    moveY: 0,
    tiles: placeTiles(doc, shp, mirrored, false),
  };
}

/// The pose of the animation named `name` (or IDLE): `poseAt` or the idle branch.
export function pose(doc, name, view, tick, water = false) {
  const motion = findMotion(doc, name);
  return motion === IDLE ? idlePose(doc, view, tick, water) : poseAt(doc, motion, view, tick, water);
}

/// The events a player crosses moving its clock from `from` to `to`: those in (from, to], each
/// `{ tick, pass, label }` in order. A looping sequence (loop and a total above 0) fires each
/// event at pass * total + tick on every pass; any other fires each once. At most `limit` are
/// returned, so a far jump cannot build an unbounded list. Tick 0 itself is `eventsAtStart`.
export function eventsBetween(sequence, from, to, limit = 1000) {
  checkTick(from);
  checkTick(to);
  const events = [...sequence.events].sort((a, b) => a[0] - b[0]);
  const out = [];
  if (to <= from || events.length === 0) return out;
  const total = totalTicks(sequence);
  const period = sequence.loop && total > 0 ? total : 0;
  if (!period) {
    for (const [tick, label] of events) {
      if (tick > from && tick <= to && out.length < limit) out.push({ tick, pass: 0, label });
    }
    return out;
  }
  for (let pass = Math.floor(from / period); out.length < limit; pass++) {
    const base = pass * period;
    if (base + events[0][0] > to) break;
    for (const [tick, label] of events) {
      const at = base + tick;
      if (at > to || out.length >= limit) break;
      if (at > from) out.push({ tick: at, pass, label });
    }
  }
  return out;
}

/// The events at tick 0 itself, which no (from, to] interval reaches.
export function eventsAtStart(sequence) {
  return sequence.events.filter(([tick]) => tick === 0).map(([tick, label]) => ({ tick, pass: 0, label }));
}
