// The SAS plugin (tactics-sprite-sas.mjs) on the committed synthetic set's document
// (fixtures/sas/synthetic.json, `tactics-sprite build --sas fixtures/sas/synthetic.sas3`), against
// placements worked out by hand from the document's tables: no Rust, no game file (`npm test`).
// Then, when crates/sprite-server/tests/sas_js.rs runs this file, every pose of every synthetic
// set held to the Rust library's line (`tactics-sprite draw`'s): it writes the documents and the
// lines into the folder TACTICS_SPRITE_REFERENCE names, listed in its `sas.json`. Without that
// list (`npm test`, or the runtime's reference that js_runtime.rs writes) there is no such test.
//
// The document, read by hand:
// - cells: 0 (u 0, v 0, 8 x 16), 1 (u 8, v 0, 8 x 16), 2 (u 16, v 0, 8 x 8), 3 (u 24, v 8, 4 x 4);
// - frames (sprites): 0 = cell 0 at (-8, -16) then cell 1 at (0, -16); 1 = cell 2 at (-4, -8);
//   2 = cell 3 at (0, 0);
// - sequence 0, 24 ticks: frame 0 at (0, 0) from 0, frame 0 at (2, -1) from 8, frame 1 at (1, 1)
//   from 16; sequence 1, 10 ticks: frame 2 at (-3, 4) from 0, frame 1 at (0, 0) from 5;
// - animation 0: directions 0 (sequence 0), 1 (sequence 0 mirrored), 2 (sequence 1), none in 3;
//   animation 1: 0 (sequence 1), 1 (sequence 1 mirrored); animation 2: 0 (sequence 2).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';

import { SAS_TICKS_PER_SECOND, sasBox, sasPoseAt, sasTickAfter } from '../tactics-sprite-sas.mjs';

const doc = JSON.parse(fs.readFileSync(new URL('../../../fixtures/sas/synthetic.json', import.meta.url), 'utf8'));

test('animation 0, direction 0, tick 12: the pose started at 8, sprite 0 at (2, -1)', () => {
  const pose = sasPoseAt(doc, 0, 0, 12);
  // Each quad at the position plus its own offset: (2 - 8, -1 - 16) and (2 + 0, -1 - 16).
  assert.deepEqual(pose, {
    animation: 0,
    direction: 0,
    tick: 12,
    sequence: 0,
    mirrored: false,
    duration: 24,
    index: 1,
    start: 8,
    end: 16,
    frame: 0,
    x: 2,
    y: -1,
    quads: [
      { cell: 0, x: -6, y: -17, width: 8, height: 16, u: 0, v: 0, flipX: false },
      { cell: 1, x: 2, y: -17, width: 8, height: 16, u: 8, v: 0, flipX: false },
    ],
  });
});

test('a mirrored direction turns each quad about x = 0: its left edge is -(left + width)', () => {
  const pose = sasPoseAt(doc, 0, 1, 12);
  assert.equal(pose.mirrored, true);
  // Cell 0: left 2 - 8 = -6, mirrored -(-6 + 8) = -2; cell 1: left 2 + 0 = 2, -(2 + 8) = -10.
  assert.deepEqual(pose.quads.map((q) => [q.cell, q.x, q.y, q.flipX]), [[0, -2, -17, true], [1, -10, -17, true]]);
  // Sequence 1 mirrored at tick 3: sprite 2's cell 3 at (-3 + 0, 4 + 0), 4 wide: -(-3 + 4) = -1.
  assert.deepEqual(sasPoseAt(doc, 1, 1, 3).quads, [
    { cell: 3, x: -1, y: 4, width: 4, height: 4, u: 24, v: 8, flipX: true },
  ]);
});

test('a pose holds until the next starts, and the last past the duration', () => {
  // Tick 7 is still the first pose (the second starts at 8); tick 16 is the third's first.
  assert.deepEqual([7, 8, 15, 16, 23, 24, 1000].map((t) => sasPoseAt(doc, 0, 0, t).index), [0, 1, 1, 2, 2, 2, 2]);
  // Past the end: sprite 1 at (1, 1), its cell 2 at (1 - 4, 1 - 8).
  const late = sasPoseAt(doc, 0, 0, 1000);
  assert.deepEqual([late.start, late.end, late.frame], [16, 24, 1]);
  assert.deepEqual(late.quads, [{ cell: 2, x: -3, y: -7, width: 8, height: 8, u: 16, v: 0, flipX: false }]);
});

test('an animation or direction the set lacks is a RangeError saying what it has', () => {
  assert.throws(() => sasPoseAt(doc, 3, 0, 0), { name: 'RangeError', message: 'animation 3: the set has animations 0..2' });
  assert.throws(() => sasPoseAt(doc, 0, 3, 0), {
    name: 'RangeError',
    message: 'animation 0 has nothing in direction 3 (it has directions: 0, 1, 2)',
  });
});

test('the box holds every pose of the direction, and a mirrored direction boxes its mirror image', () => {
  // Sequence 0's quads: x from -8 (pose 0, cell 0) to 10 (pose 1, cell 1: 2 + 8), y from -17
  // (pose 1) to 1 (pose 2, cell 2: 1 - 8 + 8).
  assert.deepEqual(sasBox(doc, 0, 0), { left: -8, top: -17, width: 18, height: 18 });
  // Mirrored, x runs from -10 to 8: the same box turned about x = 0.
  assert.deepEqual(sasBox(doc, 0, 1), { left: -10, top: -17, width: 18, height: 18 });
  // Sequence 1: cell 3 at (-3, 4) 4 x 4 and cell 2 at (-4, -8) 8 x 8: x -4..4, y -8..8.
  assert.deepEqual(sasBox(doc, 0, 2), { left: -4, top: -8, width: 8, height: 16 });
});

test('the clock: whole ticks at 60 a second, from the start again after the duration', () => {
  assert.equal(SAS_TICKS_PER_SECOND, 60);
  // 0.1 s is 6 ticks: 20 + 6 = 26 is tick 2 of the next play of 24 ticks.
  assert.equal(sasTickAfter(doc, 0, 0, 20, 0.1), 2);
  // 0.999 s is 59.94 ticks, 59 whole ones: 59 mod 24 = 11.
  assert.equal(sasTickAfter(doc, 0, 0, 0, 0.999), 11);
  // A second of sequence 1 (10 ticks) is six plays exactly.
  assert.equal(sasTickAfter(doc, 1, 0, 0, 1), 0);
  // Nothing in direction 3: the clock stays at 0.
  assert.equal(sasTickAfter(doc, 0, 3, 5, 1), 0);
});

const reference = process.env.TACTICS_SPRITE_REFERENCE;
const sasList = reference ? path.join(reference, 'sas.json') : null;
const sasReference = sasList && fs.existsSync(sasList) ? JSON.parse(fs.readFileSync(sasList, 'utf8')) : null;

// Not declared at all without the list, rather than skipped: js_runtime.rs runs every test of
// the package with its own reference and holds them to skipping none.
if (sasReference) test('every pose of every synthetic set is the Rust reference\'s line', () => {
  let compared = 0;
  for (const entry of sasReference.sets) {
    const set = JSON.parse(fs.readFileSync(path.join(reference, entry.document), 'utf8'));
    const lines = fs.readFileSync(path.join(reference, entry.poses), 'utf8').split('\n').filter((l) => l !== '');
    assert.equal(lines.length, entry.count, entry.set);
    for (const line of lines) {
      const want = JSON.parse(line);
      const got = JSON.stringify(sasPoseAt(set, want.animation, want.direction, want.tick));
      if (got !== line) assert.equal(got, line, `${entry.set}: animation ${want.animation}, direction ${want.direction}, tick ${want.tick}`);
    }
    compared += lines.length;
  }
  console.log(`${compared} SAS poses agree with the Rust reference`);
});
