// The remaster's HD sheets in the package: `drawPose` with `sheetScale: 2` cuts each cell at
// twice its place and size and draws it at twice its distance, and the three.js module knows the
// texture's size. The calls a drawing makes are recorded by a context of our own and held to
// numbers worked out by hand from the shipped TYPE1 document (docs/remaster.md, "The JavaScript
// package"); the pictures themselves are held to sprite_render's in Chromium
// (crates/tactics-sprite/tests/browser/js.rs).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';

import {
  SHEET_SCALES, createAtlas, drawPose, findAnimation, framePose, poseAt,
} from '../tactics-sprite.mjs';
import { createUnitGroup, placePose3d, textureSize } from '../tactics-sprite-three.mjs';

const data = JSON.parse(fs.readFileSync(new URL('../tactics-sprite-data.json', import.meta.url), 'utf8'));
const atlas = createAtlas(data);

/** A Context2D that writes down what is drawn: each tile's translate, scale and drawImage. */
function recorder() {
  const calls = [];
  let at = null;
  return {
    calls,
    imageSmoothingEnabled: true,
    save() { at = { translate: null, scale: null }; },
    restore() {},
    translate(x, y) { at.translate = [x, y]; },
    scale(x, y) { at.scale = [x, y]; },
    drawImage(image, sx, sy, sw, sh, dx, dy, dw, dh) {
      calls.push({ image, source: [sx, sy, sw, sh], to: [dx, dy, dw, dh], ...at });
    },
  };
}

const hdSheet = { name: 'an HD sheet' };

test('sheetScale 2: frame 88 cut at twice its cells, placed at twice its offsets', () => {
  const pose = framePose(atlas, 88);
  const ctx = recorder();
  drawPose(ctx, atlas, pose, { sheet: hdSheet }, { x: 100, y: 200, scale: 3, sheetScale: 2 });
  // frames[88] = [74, -7, 1], [76, 0, 4], [71, 2, -5], [75, 2, 5]; the cells 74 (24, 288),
  // 76 (32, 256, 32 x 32), 71 (224, 256), 75 (120, 288), the 24 x 24 ones. Top left x = u - w/2,
  // y = v - h/2; a document pixel is scale 3 x sheetScale 2 = 6 canvas pixels; the cell is cut
  // from the HD sheet at twice its place and size and drawn 6 times its size.
  const want = [
    { cell: [24, 288, 24, 24], at: [-7 - 12, 1 - 12] },
    { cell: [32, 256, 32, 32], at: [0 - 16, 4 - 16] },
    { cell: [224, 256, 24, 24], at: [2 - 12, -5 - 12] },
    { cell: [120, 288, 24, 24], at: [2 - 12, 5 - 12] },
  ];
  assert.equal(ctx.calls.length, 4);
  ctx.calls.forEach((call, i) => {
    const { cell: [x, y, w, h], at: [tx, ty] } = want[i];
    assert.equal(call.image, hdSheet);
    assert.deepEqual(call.source, [2 * x, 2 * y, 2 * w, 2 * h], `tile ${i}: the HD cell`);
    assert.deepEqual(call.to, [0, 0, 6 * w, 6 * h], `tile ${i}: its size on the canvas`);
    assert.deepEqual(call.translate, [100 + 6 * tx, 200 + 6 * ty], `tile ${i}: its place`);
    assert.deepEqual(call.scale, [1, 1]);
  });
  // Smoothing is put back as it was.
  assert.equal(ctx.imageSmoothingEnabled, true);
});

test('sheetScale 1 is the default and draws as before', () => {
  const pose = framePose(atlas, 88);
  const plain = recorder();
  const one = recorder();
  drawPose(plain, atlas, pose, { sheet: hdSheet }, { x: 10, y: 20, scale: 2 });
  drawPose(one, atlas, pose, { sheet: hdSheet }, { x: 10, y: 20, scale: 2, sheetScale: 1 });
  assert.deepEqual(one.calls, plain.calls);
  // Tile 0: cell 74 at (24, 288) as it is, 2 canvas pixels a document pixel.
  assert.deepEqual(plain.calls[0].source, [24, 288, 24, 24]);
  assert.deepEqual(plain.calls[0].translate, [10 + 2 * -19, 20 + 2 * -11]);
});

test('sheetScale 2: a mirrored view with its move, and a sheet that starts further down its image', () => {
  // Swing High, view 0, tick 18: frame 88 mirrored (x = -u - w/2, every tile flipped), moveX +2.
  const pose = poseAt(atlas, findAnimation(atlas, 'Swing High'), 0, 18);
  const ctx = recorder();
  drawPose(ctx, atlas, pose, { sheet: { image: hdSheet, top: 10 } }, { sheetScale: 2 });
  const first = ctx.calls[0];
  // Tile 0: cell 74, x = 7 - 12 = -5, y = 1 - 12 = -11, moved 2 right: at (-3, -11) document
  // pixels, (-6, -22) on the canvas, 48 wide; flipped, the context is moved to its right edge.
  assert.deepEqual(first.translate, [2 * (-5 + 2) + 48, 2 * -11]);
  assert.deepEqual(first.scale, [-1, 1]);
  // Cut at twice its place, 10 image rows down.
  assert.deepEqual(first.source, [48, 576 + 10, 48, 48]);
  assert.deepEqual(first.to, [0, 0, 48, 48]);
});

test('a sheet scale other than 1 or 2 is refused, naming what it takes', () => {
  const pose = framePose(atlas, 88);
  assert.deepEqual(SHEET_SCALES, [1, 2]);
  for (const [sheetScale, said] of [[3, '3'], ['2', '"2"'], [0, '0'], [1.5, '1.5']]) {
    assert.throws(
      () => drawPose(recorder(), atlas, pose, { sheet: hdSheet }, { sheetScale }),
      { message: `tactics-sprite: drawPose: sheetScale is 1 (the SPR's size) or 2 (the remaster's HD sheet), not ${said}` },
    );
  }
});

test('three.js: the texture coordinates are fractions, the texture size the sheet scale says', () => {
  // TYPE1's sheet is 256 x 488: the HD texture 512 x 976.
  assert.deepEqual(textureSize(atlas), [256, 488]);
  assert.deepEqual(textureSize(atlas, 2), [512, 976]);
  assert.throws(() => textureSize(atlas, 4), /sheetScale is 1 .* or 2 .*, not 4/);
  // Tile 0 of frame 88 (cell 74 at x 24, 24 wide): u from 24 / 256, which on the HD texture is
  // (2 * 24) / 512, the same number; so placePose3d has one answer for both.
  const placed = placePose3d(atlas, framePose(atlas, 88), 1);
  assert.equal(placed.tiles[0].u0, 24 / 256);
  assert.equal(placed.tiles[0].u0, (2 * 24) / 512);
  // createUnitGroup checks a loaded texture against the scale.
  const THREE = {
    Group: class { add() {} clear() {} },
    Mesh: class {},
    PlaneGeometry: class {},
    MeshBasicMaterial: class { dispose() {} },
    Vector3: class {},
    DoubleSide: 2,
  };
  const texture = (width, height) => ({ image: { width, height } });
  assert.ok(createUnitGroup(THREE, atlas, { sheet: texture(512, 976) }, { sheetScale: 2 }).group);
  assert.ok(createUnitGroup(THREE, atlas, { sheet: texture(256, 488) }).group);
  // Not loaded yet: nothing to check.
  assert.ok(createUnitGroup(THREE, atlas, { sheet: {} }, { sheetScale: 2 }).group);
  assert.throws(
    () => createUnitGroup(THREE, atlas, { sheet: texture(512, 976) }),
    { message: 'tactics-sprite: createUnitGroup: the sheet texture is 512 x 976, and at sheetScale 1 the document\'s sheet is 256 x 488 (an HD sheet: pass sheetScale: 2)' },
  );
  assert.throws(
    () => createUnitGroup(THREE, atlas, { sheet: texture(256, 488) }, { sheetScale: 2 }),
    /the sheet texture is 256 x 488, and at sheetScale 2 the document's sheet is 512 x 976$/,
  );
});
