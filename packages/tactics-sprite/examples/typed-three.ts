// A typed use of the 3D module: `tsc --noEmit -p .` checks it against the declarations.
import { FACING, cameraStep, createAtlas, createPose, findAnimation, poseAt, viewOf } from 'tactics-sprite';
import {
  PIXEL_HEIGHT, PIXEL_WIDTH, createPlacement3d, createUnitGroup, duScreen, fbWorld, placePose3d,
  textureV, tileCenterInGroup,
} from 'tactics-sprite/three';
import type { Placement3d, ThreeNamespace, Tile3d } from 'tactics-sprite/three';
import type { TacticsSpriteData } from 'tactics-sprite';

declare const THREE: ThreeNamespace;
declare const data: TacticsSpriteData;
declare const texture: unknown;
declare const camera: { quaternion: unknown; position: { x: number; z: number } };

const atlas = createAtlas(data);
const walk = findAnimation(atlas, 'Walk');
const pose = createPose(atlas);
const placement: Placement3d = createPlacement3d();
const view = viewOf(FACING.SW, cameraStep(camera.position.x, camera.position.z));
poseAt(atlas, walk, view, 36, false, pose);
placePose3d(atlas, pose, FACING.SW, placement);
const body: Tile3d | undefined = placement.tiles.slice(0, placement.count).find((t) => t.body);

const unit = createUnitGroup(THREE, atlas, { sheet: texture });
unit.update(pose, FACING.SW, camera);
unit.dispose();

const numbers: number[] = [
  PIXEL_WIDTH, PIXEL_HEIGHT, textureV(288, 488), duScreen(2), ...fbWorld(FACING.SE, 2), ...tileCenterInGroup(-7, 1),
];
void [body, numbers];
