// The runtime on the shipped TYPE1 document, against numbers worked out by hand from the
// format's description (docs/format.md, "Worked examples"): no Rust, no game file (`npm test`).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';

import {
  FACING, FACING_X, FACING_Z, IDLE, STANCE_HALF_H, TICKS_PER_SECOND, cameraStep,
  countEventsBetween, createAtlas, createPlayer, createPose, eventsAtStart, eventsBetween,
  findAnimation, frameHand, framePose, handPoint, isBackView, isMirroredView, poseAt, viewOf,
} from '../tactics-sprite.mjs';
import {
  createPlacement3d, duScreen, fbWorld, placePose3d, textureV, tileCenterInGroup,
} from '../tactics-sprite-three.mjs';

const data = JSON.parse(fs.readFileSync(new URL('../tactics-sprite-data.json', import.meta.url), 'utf8'));
const atlas = createAtlas(data);
const tiles = (pose) => pose.tiles.slice(0, pose.count);

test('Swing High, view 1, tick 18: sequence 102, step 5, frame 88, moveX -2', () => {
  const pose = poseAt(atlas, findAnimation(atlas, 'Swing High'), 1, 18);
  // Delays 4 2 8 2 2 14 2 4 end at 4, 6, 14, 16, 18, 32: the first end above 18 is step 5.
  assert.equal(pose.sequence, 102);
  assert.equal(pose.name, 'Swing High Fwd');
  assert.equal(pose.index, 5);
  assert.equal(pose.shp, 88);
  // fb[5] = 2, not mirrored: moveX = -2.
  assert.equal(pose.moveX, -2);
  assert.equal(pose.moveY, 0);
  // frames[88] = [74, -7, 1], [76, 0, 4], [71, 2, -5], [75, 2, 5]; x = u - w/2, y = v - h/2.
  assert.deepEqual(tiles(pose).map((t) => [t.cell, t.x, t.y, t.flipX, t.order]), [
    [74, -7 - 12, 1 - 12, false, 0],
    [76, 0 - 16, 4 - 16, false, 1],
    [71, 2 - 12, -5 - 12, false, 2],
    [75, 2 - 12, 5 - 12, false, 3],
  ]);
  assert.equal(pose.fb, 2);
  // JSON is the line `tactics-sprite draw` prints, and spreading leaves out fb, du and the layers.
  assert.deepEqual(Object.keys({ ...pose }), ['animation', 'view', 'tick', 'water', 'back', 'mirrored',
    'sequence', 'name', 'index', 'shp', 'moveX', 'moveY', 'tiles', 'count']);
  assert.ok(JSON.stringify(pose).startsWith('{"animation":"Swing High","view":1,"tick":18,"water":false,'));
});

test('the same moment in other views and states', () => {
  const swing = findAnimation(atlas, 'Swing High');
  // View 0 mirrors: x = -u - w/2, every flipX true, moveX +2.
  const v0 = poseAt(atlas, swing, 0, 18);
  assert.deepEqual(tiles(v0).map((t) => t.x), [7 - 12, -0 - 16, -2 - 12, -2 - 12]);
  assert.ok(tiles(v0).every((t) => t.flipX));
  assert.equal(v0.moveX, 2);
  // View 5: the back sequence 103, mirrored, frame 137.
  const v5 = poseAt(atlas, swing, 5, 18);
  assert.deepEqual([v5.sequence, v5.index, v5.shp, v5.moveX], [103, 5, 137, 2]);
  assert.deepEqual(tiles(v5).map((t) => [t.x, t.y]), [[-5, -13], [-15, -12], [-9, -19], [-6, -11]]);
  // In water: frame 88 + 182.
  assert.equal(poseAt(atlas, swing, 1, 18, true).shp, 270);
  // Past the end it holds the last step: index 7, moveX 0.
  const late = poseAt(atlas, swing, 1, 1000);
  assert.deepEqual([late.index, late.shp, late.moveX], [7, 88, 0]);
  // Walk loops every 64 ticks: 100 mod 64 = 36, steps end 6, 14, 24, 32, 38: index 4, frame 11.
  const walk = poseAt(atlas, 'walk', 1, 100);
  assert.deepEqual([walk.index, walk.shp], [4, 11]);
  // Idle, view 7: idleFrames[7] = 4, one 32 x 40 tile [2, 1, 0, 1], flipped by the frame itself.
  const idle = poseAt(atlas, findAnimation(atlas, 'Idle'), 7, 0);
  assert.equal(findAnimation(atlas, 'IDLE'), IDLE);
  assert.deepEqual([idle.shp, idle.mirrored, idle.sequence], [4, false, null]);
  assert.deepEqual(tiles(idle).map((t) => [t.x, t.y, t.flipX]), [[1 - 16, 0 - 20, true]]);
});

test('frame 88 as stored is the frame of view 1', () => {
  const bare = framePose(atlas, 88);
  assert.deepEqual(tiles(bare).map((t) => [t.x, t.y]), [[-19, -11], [-16, -12], [-10, -17], [-10, -7]]);
  assert.deepEqual([bare.moveX, bare.moveY], [0, 0]);
});

test('createPose: poseAt fills the same pose again and again', () => {
  const pose = createPose(atlas);
  assert.equal(pose.tiles.length, atlas.maxTiles);
  const walk = findAnimation(atlas, 'Walk');
  const before = pose.tiles.slice();
  for (let tick = 0; tick < 200; tick++) assert.equal(poseAt(atlas, walk, tick % 8, tick, false, pose), pose);
  assert.ok(pose.tiles.every((t, i) => t === before[i]), 'the same tile objects');
});

test('bad requests are refused, naming what is valid', () => {
  const walk = findAnimation(atlas, 'Walk');
  assert.throws(() => poseAt(atlas, walk, 8, 0), /view 8 is out of range: views are 0\.\.7/);
  assert.throws(() => poseAt(atlas, walk, 1, -1), /tick -1/);
  assert.throws(() => poseAt(atlas, walk, 1, 0.5), /tick 0\.5/);
  assert.throws(() => findAnimation(atlas, 'Moonwalk'), /unknown animation "Moonwalk"; the document has 113: "Idle"/);
  assert.throws(() => createAtlas({ cells: [] }), /createAtlas: not a tactics-sprite-data document: no "frames" list/);
});

test('views, facings and the camera step', () => {
  // Patterns 0 1 1 2 2 3 3 0: back on 2 and 3, mirrored on 0 and 3.
  assert.deepEqual([0, 1, 2, 3, 4, 5, 6, 7].map(isBackView), [false, false, false, true, true, true, true, false]);
  assert.deepEqual([0, 1, 2, 3, 4, 5, 6, 7].map(isMirroredView), [true, false, false, false, false, true, true, true]);
  assert.equal(viewOf(FACING.NE, 3), 2);
  // The diagonal (0.5, -0.5) is step 0; a quarter turn (x, z) -> (z, -x) adds 2.
  assert.equal(cameraStep(0.5, -0.5), 0);
  assert.equal(cameraStep(-0.5, -0.5), 2);
  assert.equal(cameraStep(-0.5, 0.5), 4);
  assert.equal(cameraStep(0.5, 0.5), 6);
  assert.equal(cameraStep(NaN, 1), 0);
  // Facing n points at 3π/4 - n·π/4: SE +x, SW +z, NW -x, NE -z.
  assert.deepEqual([1, 3, 5, 7].map((n) => [FACING_X[n], FACING_Z[n]]), [[1, 0], [0, 1], [-1, 0], [0, -1]]);
  assert.equal(TICKS_PER_SECOND, 60);
  assert.equal(STANCE_HALF_H, data.stage.stanceHeight / 2);
});

test('eventsBetween: (from, to], loops counted, tick 0 at the start', () => {
  // A looping sequence of 10 ticks with events at 0 and 4.
  const s = { seq: 0, loop: true, ticks: [4, 6], events: [[0, 'PlaySound'], [4, 'PostGenericAttack']] };
  assert.deepEqual(eventsBetween(s, 0, 4), [{ tick: 4, pass: 0, label: 'PostGenericAttack' }]);
  // 4 is not after 4; 10 is pass 1's tick 0; 14 its hit.
  assert.deepEqual(eventsBetween(s, 4, 14).map((e) => [e.tick, e.pass]), [[10, 1], [14, 1]]);
  assert.deepEqual(eventsBetween(s, 5, 5), []);
  assert.deepEqual(eventsBetween(s, 9, 2), []);
  assert.deepEqual(eventsAtStart(s), [{ tick: 0, pass: 0, label: 'PlaySound' }]);
  // (0, 10^15]: the sound at 10, 20, ... 10^15 (10^14 of them) and the hit at 4, 14, ... (10^14).
  assert.equal(countEventsBetween(s, 0, 1e15), 2e14);
  assert.equal(eventsBetween(s, 0, 1e15, 3).length, 3);
  assert.throws(() => eventsBetween(s, -1, 3), /tick -1/);
  // An event after the end of a looping sequence is reached by no pass.
  assert.throws(() => eventsBetween({ ...s, events: [[11, 'PlaySound']] }, 0, 30), /after its end/);
  // Swing High lands its hit at 18, once: the sequence does not loop.
  const fwd = data.sequences[102];
  assert.deepEqual(eventsBetween(fwd, 0, 1000), [{ tick: 18, pass: 0, label: 'PostGenericAttack' }]);
});

test('createPlayer: seconds and ticks, each event once, holds at the end', () => {
  const hits = [];
  const player = createPlayer(atlas, 'Swing High', { view: 1, onEvent: (e) => hits.push(e.tick) });
  // 0.25 s is 15 ticks: step 3 (ends 4, 6, 14, 16): frame 86.
  player.advance(0.25);
  assert.equal(player.tick, 15);
  assert.equal(player.pose().shp, 86);
  assert.deepEqual(hits, []);
  player.advance(3 / 60);
  assert.equal(player.tick, 18);
  assert.deepEqual(hits, [18]);
  assert.equal(player.finished, false);
  player.advanceTicks(1000);
  assert.deepEqual(hits, [18], 'the hit fires once');
  assert.equal(player.finished, true);
  assert.equal(player.pose().index, 7);
  player.restart();
  player.advanceTicks(38);
  assert.deepEqual(hits, [18, 18]);
  // A step of a thousandth of a second, a thousand times, is one second: 60 ticks.
  const clock = createPlayer(atlas, 'Walk');
  for (let i = 0; i < 1000; i++) clock.advance(0.001);
  assert.equal(clock.tick, 60);
  assert.equal(clock.loops, true);
});

test('hands: from the document\'s table, mirrored with the view, null where a tile has none', () => {
  // TYPE1 as built carries no hands: asking is an error that names the table and the way to give one.
  assert.equal(atlas.hands, null);
  const missing = /frameHand: the atlas has no "hands" table: the document's is null.*createAtlas\(doc, \{ hands/;
  assert.throws(() => frameHand(atlas, 88, 'first'), missing);
  assert.throws(() => handPoint(atlas, poseAt(atlas, 'Walk', 1, 0), 'first'), /^Error: tactics-sprite: handPoint: the atlas has no "hands" table/);
  // With a table: cell 74 (24 x 24) has its hand at pixel (3, 5), the forearm at 30 degrees.
  const withHands = createAtlas({ ...data, hands: { 74: [3, 5, 30] } });
  // Frame 88's first tile is [74, -7, 1]: its top left (-19, -11); the pixel's centre (3.5, 5.5).
  assert.deepEqual(frameHand(withHands, 88, 'first'), { x: -19 + 3.5, y: -11 + 5.5, degrees: 30, cell: 74 });
  assert.equal(frameHand(withHands, 88, 'last'), null, 'cell 75 has no hand');
  // Mirrored (view 0): the tile's left is 7 - 12 = -5 and it is flipped: 24 - 3 - 0.5 = 20.5 in;
  // -5 + 20.5 = 15.5 = -(-15.5), the mirror image; then the move +2.
  const swing = findAnimation(withHands, 'Swing High');
  const mirrored = poseAt(withHands, swing, 0, 18);
  assert.deepEqual(handPoint(withHands, mirrored, 'first'), { x: 15.5 + 2, y: -5.5, degrees: 30, cell: 74 });
  assert.throws(() => handPoint(withHands, mirrored, 'left'), /'first'.*'last'/);
});

test('hands: a renderer\'s own table given to the atlas, in the document\'s shape', () => {
  // The same table as above, given to createAtlas instead of written into the document: the
  // same answers, and the document stays as it was (hands null).
  const own = createAtlas(data, { hands: { 74: [3, 5, 30] } });
  assert.equal(own.doc, data);
  assert.equal(data.hands, null);
  assert.deepEqual(frameHand(own, 88, 'first'), { x: -19 + 3.5, y: -11 + 5.5, degrees: 30, cell: 74 });
  assert.equal(frameHand(own, 88, 'last'), null);
  // From an atlas: a new atlas with the table; the one given keeps none.
  const again = createAtlas(atlas, { hands: { 75: [0, 0, 90] } });
  assert.notEqual(again, atlas);
  assert.equal(atlas.hands, null);
  // Frame 88's last tile is [75, 2, 5], 24 x 24: top left (-10, -7); pixel (0, 0)'s centre (0.5, 0.5).
  assert.deepEqual(frameHand(again, 88, 'last'), { x: -10 + 0.5, y: -7 + 0.5, degrees: 90, cell: 75 });
  // null takes a document's table away; a table of the wrong shape is named where it is given.
  assert.equal(createAtlas({ ...data, hands: { 74: [3, 5, 30] } }, { hands: null }).hands, null);
  assert.throws(() => createAtlas(data, { hands: { 74: [3, 5] } }),
    /createAtlas: options\.hands\["74"\] is \[x, y, degrees\], three numbers, not \[3, 5\]/);
  assert.throws(() => createAtlas(data, { hands: [[3, 5, 30]] }), /options\.hands is \{ cellId: \[x, y, degrees\] \} or null/);
  assert.throws(() => createAtlas({ ...data, hands: { 74: 'left' } }), /the document's "hands"\["74"\] is \[x, y, degrees\]/);
  assert.throws(() => createAtlas(data, 'hands'), /createAtlas: options is \{ hands \}, not "hands"/);
});

test('no atlas: each function names itself and what it needs', () => {
  // The call before the atlas was made (or with the wrong variable): not "no cells list".
  const noAtlas = (what) => new RegExp(`^Error: tactics-sprite: ${what}: no atlas \\(it was given nothing\\): pass createAtlas\\(doc\\)`);
  assert.throws(() => createPose(), noAtlas('createPose'));
  assert.throws(() => poseAt(undefined, 'Walk', 1, 0), noAtlas('poseAt'));
  assert.throws(() => framePose(undefined, 0), noAtlas('framePose'));
  assert.throws(() => findAnimation(undefined, 'Walk'), noAtlas('findAnimation'));
  assert.throws(() => createPlayer(undefined, 'Walk'), noAtlas('createPlayer'));
  assert.throws(() => createPose(null), /createPose: no atlas \(it was given null\)/);
  assert.throws(() => createPose('tactics-sprite-data.json'), /createPose: no atlas \(it was given "tactics-sprite-data\.json"\)/);
  // An object that is no document says which list it lacks, and who was given it.
  assert.throws(() => createPose({ cells: [] }), /createPose: not a tactics-sprite-data document: no "frames" list/);
});

test('3D: tile centres, texture v from the bottom, fb along the facing, du screen-vertical', () => {
  // Swing High view 1 tick 18, facing SE: fb 2, du 0.
  const pose = poseAt(atlas, 'Swing High', 1, 18);
  const placed = placePose3d(atlas, pose, FACING.SE, createPlacement3d());
  // fb along SE (+x): (1, 0, 0) · 2 · 0.75.
  assert.deepEqual(placed.world, [1.5, 0, 0]);
  // Tile 0: cell 74 at (24, 288), 24 x 24, centre (-7, 1): (-7 · 0.75, -1 · 0.9) = (-5.25, -0.9).
  const t0 = placed.tiles[0];
  assert.deepEqual([t0.x, t0.y, t0.width, t0.height], [-5.25, -0.9, 18, 24 * 0.9]);
  // u from 24/256 to 48/256; v from 1 - 288/488 (top) to 1 - 312/488 (bottom).
  assert.deepEqual([t0.u0, t0.u1, t0.v0, t0.v1], [24 / 256, 48 / 256, 1 - 288 / 488, 1 - 312 / 488]);
  // The body is the 32 x 32 tile, the second.
  assert.deepEqual(placed.tiles.slice(0, placed.count).map((t) => t.body), [false, true, false, false]);
  assert.deepEqual(tileCenterInGroup(2, -5), [1.5, 4.5]);
  assert.equal(textureV(0, 488), 1);
  assert.equal(duScreen(-2), 1.8);
  assert.deepEqual(fbWorld(FACING.NE, 4), [0, 0, -3]);
});
