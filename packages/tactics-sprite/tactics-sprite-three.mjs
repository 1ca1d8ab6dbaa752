// tactics-sprite-three.mjs: a pose placed in a 3D scene ("The Screen", 3D, in docs/format.md).
//
// The unit is a group of flat tiles that sits at its stance point and copies the camera's
// rotation (a billboard). A tactical camera looks down at the unit, so a sprite pixel is 0.75
// world units across and 0.9 up; a tile's centre (cx, cy) in pixels from the stance point is at
// (cx · 0.75, -cy · 0.9) in the group. The sequence's forward move `fb` is a move in the world,
// along the facing: (FACING_X[facing], 0, FACING_Z[facing]) · fb · 0.75; its down move `du` stays
// screen-vertical: -du · 0.9 in the group. Texture coordinates count up from the bottom of the
// sheet: v = 1 - y / height. They are fractions of the sheet, so the remaster's HD sheet (twice
// the size, `sheetScale` 2) takes the same ones: (2x) / (2 width) is x / width.
//
// The placement functions need nothing. `createUnitGroup` builds three.js objects from the
// `THREE` namespace you pass it, so this module imports no three.js of its own: use it with the
// three.js your page already has.

import { FACING_X, FACING_Z } from './tactics-sprite.mjs';

/** World units per sprite pixel across. */
export const PIXEL_WIDTH = 0.75;
/** World units per sprite pixel up: the pixels are 1.2 times taller than wide. */
export const PIXEL_HEIGHT = 0.9;

/** A tile centre (cx, cy), pixels from the stance point with y down, in the group: (cx · 0.75, -cy · 0.9). */
export function tileCenterInGroup(cx, cy) {
  return [cx * PIXEL_WIDTH, -cy * PIXEL_HEIGHT];
}

/** The texture coordinate of sheet row `y`, counted up from the bottom: `1 - y / height`. */
export function textureV(y, height) {
  return 1 - y / height;
}

/** The forward move `fb` as a world vector: `(FACING_X, 0, FACING_Z) · fb · 0.75`. */
export function fbWorld(facing, fb, out = [0, 0, 0]) {
  out[0] = FACING_X[facing] * fb * PIXEL_WIDTH;
  out[1] = 0;
  out[2] = FACING_Z[facing] * fb * PIXEL_WIDTH;
  return out;
}

/** The down move `du` as a screen-vertical offset in the group: `-du · 0.9`. */
export function duScreen(du) {
  return -du * PIXEL_HEIGHT;
}

/** One tile placed in the group. */
class Tile3d {
  constructor() {
    /** The centre in the group, `du` included, and the size, in world units. */
    this.x = 0;
    this.y = 0;
    this.width = 0;
    this.height = 0;
    /** Texture coordinates of the left, right, top and bottom edges as drawn (flips applied). */
    this.u0 = 0;
    this.u1 = 0;
    this.v0 = 0;
    this.v1 = 0;
    /** The sheet: 0 the unit's, 1 the SP2. */
    this.sheet = 0;
    /** Draw order, 0 furthest back. */
    this.order = 0;
    /** The body: the frame's largest tile, the first on a tie; the one to write depth. */
    this.body = false;
  }
}

/** A pose placed in 3D: the unit's world offset and its tiles in the group, `count` in use. */
class Placement3d {
  constructor() {
    this.world = [0, 0, 0];
    this.tiles = [];
    this.count = 0;
  }
}

/** A placement to fill again and again with `placePose3d`. */
export function createPlacement3d() {
  return new Placement3d();
}

/**
 * Places `pose` (from `poseAt`) for a unit facing `facing` (1, 3, 5 or 7): `world`, the offset
 * of the whole unit from its stance point (`fb` along the facing), and for each tile its centre
 * and size in the group (`du` included), its texture rectangle on `atlas.sheet` (or on
 * `atlas.sp2` for an SP2 tile, at `cell.y - 256`), and which tile is the body. Into `out` when
 * given. The pose already carries the view's mirror.
 */
export function placePose3d(atlas, pose, facing, out = new Placement3d()) {
  const doc = atlas.doc ?? atlas;
  fbWorld(facing, pose.fb ?? 0, out.world);
  const down = duScreen(pose.du ?? 0);
  const sheet = doc.sheet;
  while (out.tiles.length < pose.count) out.tiles.push(new Tile3d());
  let body = 0;
  for (let i = 0; i < pose.count; i++) {
    const t = pose.tiles[i];
    const o = out.tiles[i];
    const cell = doc.cells[t.cell];
    const [gx, gy] = tileCenterInGroup(t.x + t.w / 2, t.y + t.h / 2);
    o.x = gx;
    o.y = gy + down;
    o.width = t.w * PIXEL_WIDTH;
    o.height = t.h * PIXEL_HEIGHT;
    const onSp2 = t.sheet === 1;
    const size = onSp2 ? doc.sp2 : sheet;
    const top = onSp2 ? cell.y - 256 : cell.y;
    const left = cell.x / size.width;
    const right = (cell.x + cell.w) / size.width;
    const vTop = textureV(top, size.height);
    const vBottom = textureV(top + cell.h, size.height);
    o.u0 = t.flipX ? right : left;
    o.u1 = t.flipX ? left : right;
    o.v0 = t.flipY ? vBottom : vTop;
    o.v1 = t.flipY ? vTop : vBottom;
    o.sheet = onSp2 ? 1 : 0;
    o.order = t.order;
    o.body = false;
    if (t.w * t.h > pose.tiles[body].w * pose.tiles[body].h) body = i;
  }
  if (pose.count > 0) out.tiles[body].body = true;
  out.count = pose.count;
  return out;
}

/** The sheet scales the textures may be drawn from: the SPR's size, and the remaster's HD sheets. */
const SHEET_SCALES = [1, 2];

/**
 * The size in pixels the texture of `which` sheet (`'sheet'` or `'sp2'`) has at `sheetScale`:
 * the document's sheet size times the scale (512 x 976 for a unit's HD sheet).
 */
export function textureSize(atlas, sheetScale = 1, which = 'sheet') {
  if (!SHEET_SCALES.includes(sheetScale)) {
    throw new Error(`tactics-sprite: sheetScale is 1 (the SPR's size) or 2 (the remaster's HD sheet), not ${String(sheetScale)}`);
  }
  const doc = atlas.doc ?? atlas;
  const size = which === 'sp2' ? doc.sp2 : doc.sheet;
  if (!size) throw new Error(`tactics-sprite: the document has no ${which} to give a texture size of`);
  return [size.width * sheetScale, size.height * sheetScale];
}

/** Refuses a texture whose image is loaded and is not the size `sheetScale` says. */
function checkTexture(atlas, texture, sheetScale, which) {
  const [width, height] = textureSize(atlas, sheetScale, which);
  const image = texture?.image;
  if (!image || !(image.width > 0) || !(image.height > 0)) return;
  if (image.width !== width || image.height !== height) {
    throw new Error(`tactics-sprite: createUnitGroup: the ${which} texture is ${image.width} x ${image.height}, `
      + `and at sheetScale ${sheetScale} the document's ${which} is ${width} x ${height}`
      + (image.width === 2 * width ? ' (an HD sheet: pass sheetScale: 2)' : ''));
  }
}

/**
 * A three.js group that draws poses: one textured quad per tile, `update` placing them.
 *
 *   const unit = createUnitGroup(THREE, atlas, { sheet: texture });
 *   scene.add(unit.group);
 *   // each frame:
 *   unit.update(poseAt(atlas, animation, viewOf(facing, cameraStep(x, z)), tick, false, pose),
 *               facing, camera, stancePoint);
 *
 * `textures`: `{ sheet, sp2 }`, three.js textures of the sheets (flipY left on, the default, so
 * that v counts from the bottom; `magFilter` NearestFilter keeps the pixels sharp). Later tiles
 * sit `depthStep` (0.01) nearer the camera than earlier ones, and draw after them.
 *
 * `sheetScale` (1 or 2, default 1) says which textures these are: 2 for the remaster's HD sheets,
 * twice the document's sheet size. The quads and their texture coordinates are the same at both
 * (the coordinates are fractions of the sheet); a texture whose image is already loaded is
 * checked against the size the scale gives.
 */
export function createUnitGroup(THREE, atlas, textures, options = {}) {
  const depthStep = options.depthStep ?? 0.01;
  const sheetScale = options.sheetScale ?? 1;
  textureSize(atlas, sheetScale);
  if (textures.sheet) checkTexture(atlas, textures.sheet, sheetScale, 'sheet');
  if (textures.sp2) checkTexture(atlas, textures.sp2, sheetScale, 'sp2');
  const group = new THREE.Group();
  const materials = [textures.sheet, textures.sp2].map((map) => (map
    ? new THREE.MeshBasicMaterial({ map, transparent: true, alphaTest: 0.5, side: THREE.DoubleSide })
    : null));
  const meshes = [];
  const placement = new Placement3d();
  const world = new THREE.Vector3();

  function mesh(i) {
    while (meshes.length <= i) {
      const geometry = new THREE.PlaneGeometry(1, 1);
      const m = new THREE.Mesh(geometry, materials[0]);
      m.visible = false;
      group.add(m);
      meshes.push(m);
    }
    return meshes[i];
  }

  return {
    group,
    placement,
    /**
     * Shows `pose` for a unit facing `facing` whose stance point is `at` (a Vector3, or the
     * origin): the group at `at` plus the forward move, turned as the camera is.
     */
    update(pose, facing, camera, at = null) {
      placePose3d(atlas, pose, facing, placement);
      world.set(placement.world[0], placement.world[1], placement.world[2]);
      if (at) world.add(at);
      group.position.copy(world);
      if (camera) group.quaternion.copy(camera.quaternion);
      for (let i = 0; i < meshes.length; i++) meshes[i].visible = false;
      for (let i = 0; i < placement.count; i++) {
        const t = placement.tiles[i];
        const m = mesh(i);
        const material = materials[t.sheet];
        if (!material) continue;
        m.material = material;
        m.position.set(t.x, t.y, t.order * depthStep);
        m.scale.set(t.width, t.height, 1);
        m.renderOrder = t.order;
        // PlaneGeometry's corners: top left, top right, bottom left, bottom right.
        const uv = m.geometry.attributes.uv;
        uv.setXY(0, t.u0, t.v0);
        uv.setXY(1, t.u1, t.v0);
        uv.setXY(2, t.u0, t.v1);
        uv.setXY(3, t.u1, t.v1);
        uv.needsUpdate = true;
        m.visible = true;
      }
    },
    /** Frees the geometries and materials (not the textures, which are yours). */
    dispose() {
      for (const m of meshes) m.geometry.dispose();
      for (const m of materials) m?.dispose();
      group.clear();
    },
  };
}
