// tactics-sprite-sas.mjs: Tactics Ogre's SAS sets, a plugin beside the core module. A set's
// document (`tactics-sprite build --sas`, schemas/sas-set.schema.json in the tactics-sprite
// repository) in, the pose an animation shows in a direction at a tick out, and the clock that
// plays it.
//
// The pose at a tick is the last one started by the tick (nothing before the first, the last
// held past the duration); each quad sits at the pose's position plus its own x, y, mirrored about
// x = 0 in a mirrored direction. It is what `tactics-sprite draw --data SET --animation N
// --direction D --tick T` prints for a set, key for key: the Rust library
// (`sas_formats::pose::pose_at`) is its reference, and the tests hold it to that line at every
// tick. The module needs nothing of the core's: a set is not a unit document.
//
//   import { sasPoseAt } from 'tactics-sprite/sas';
//   const doc = await (await fetch('set.json')).json();
//   for (const q of sasPoseAt(doc, 0, 1, 12).quads) { ... }

/** The ticks of a second a set is played at (as `render`'s .apng and .gif assume). */
export const SAS_TICKS_PER_SECOND = 60;

/**
 * What animation `animation` of the set document `doc` shows in direction `direction` at `tick`:
 * the object of `tactics-sprite draw --data SET --animation N --direction D --tick T`, key for
 * key. Throws a RangeError naming what the set has for an animation or direction it lacks.
 */
export function sasPoseAt(doc, animation, direction, tick) {
  const row = doc.animations[animation];
  if (!row) {
    const count = doc.animations.length;
    throw new RangeError(`animation ${animation}: the set has ${count ? `animations 0..${count - 1}` : 'no animations'}`);
  }
  const slot = row.directions[direction];
  if (!slot) {
    const present = row.directions.flatMap((d, i) => (d ? [i] : []));
    throw new RangeError(`animation ${animation} has nothing in direction ${direction} (it has directions: ${present.length ? present.join(', ') : 'none'})`);
  }
  const sequence = doc.sequences[slot.sequence];
  const poses = sequence.poses;
  let index = null;
  for (let i = poses.length - 1; i >= 0; i -= 1) {
    if (poses[i].start <= tick) {
      index = i;
      break;
    }
  }
  const pose = index === null
    ? { start: 0, end: poses.length ? poses[0].start : sequence.duration, frame: null, x: 0, y: 0 }
    : poses[index];
  return {
    animation,
    direction,
    tick,
    sequence: slot.sequence,
    mirrored: slot.mirrored,
    duration: sequence.duration,
    index,
    start: pose.start,
    end: pose.end,
    frame: pose.frame,
    x: pose.x,
    y: pose.y,
    quads: placeQuads(doc, pose, slot.mirrored),
  };
}

/** The quads of a pose where they are drawn, back to front; a sprite past the table places none. */
function placeQuads(doc, pose, mirrored) {
  const sprite = pose.frame === null ? undefined : doc.frames[pose.frame];
  if (!sprite) return [];
  return sprite.quads.map((q) => {
    const cell = doc.cells[q.cell];
    const left = pose.x + q.x;
    return {
      cell: q.cell,
      x: mirrored ? -(left + cell.width) : left,
      y: pose.y + q.y,
      width: cell.width,
      height: cell.height,
      u: cell.u,
      v: cell.v,
      flipX: mirrored,
    };
  });
}

/**
 * The box every pose of a direction fits in (as `render` sizes its canvas), `{left, top, width,
 * height}`; one pixel at the position when nothing is drawn.
 */
export function sasBox(doc, animation, direction) {
  const slot = doc.animations[animation].directions[direction];
  let box = null;
  for (const pose of doc.sequences[slot.sequence].poses) {
    for (const q of placeQuads(doc, pose, slot.mirrored)) {
      const b = { left: q.x, top: q.y, right: q.x + q.width, bottom: q.y + q.height };
      box = box ? {
        left: Math.min(box.left, b.left),
        top: Math.min(box.top, b.top),
        right: Math.max(box.right, b.right),
        bottom: Math.max(box.bottom, b.bottom),
      } : b;
    }
  }
  box ??= { left: 0, top: 0, right: 1, bottom: 1 };
  return { left: box.left, top: box.top, width: box.right - box.left, height: box.bottom - box.top };
}

/**
 * The clock: the tick a direction shows `seconds` after it showed tick `from`, at
 * `SAS_TICKS_PER_SECOND` (whole ticks, rounded down), played from the start again after its
 * duration. Loops inside a block are not followed, as `draw` does not follow them. 0 for a
 * direction the animation lacks or a sequence of no duration.
 */
export function sasTickAfter(doc, animation, direction, from, seconds) {
  const slot = doc.animations[animation]?.directions[direction];
  const duration = slot ? doc.sequences[slot.sequence].duration : 0;
  const elapsed = Math.floor(seconds * SAS_TICKS_PER_SECOND);
  return duration > 0 ? (from + elapsed) % duration : 0;
}
