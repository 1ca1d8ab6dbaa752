// A node project's use of the package's types: no DOM lib (tsconfig.node.json: lib es2022,
// strict, no skipLibCheck). drawPose draws on a canvas library's context, typed here by the
// members the package's declarations ask for; each @ts-expect-error is a mistake the types catch.
import {
  FACING, createAtlas, createLayerAtlas, createPlayer, createPose, drawPose, findAnimation,
  frameHand, handPoint, poseAt, poseWithLayers, viewOf,
} from 'tactics-sprite';
import type {
  Atlas, Hand, HandTable, Pixels, Pose, ScratchCanvas, ScratchContext2D, SheetImage,
  TacticsSpriteData, TacticsSpriteLayer,
} from 'tactics-sprite';
import { createPlacement3d, placePose3d } from 'tactics-sprite/three';
import type { Placement3d } from 'tactics-sprite/three';

declare const data: TacticsSpriteData;
declare const wep1: TacticsSpriteLayer;

// A renderer's own hand table, in the document's shape.
const hands: HandTable = { 74: [3, 5, 30] };
const atlas: Atlas = createAtlas(data, { hands });
const pose: Pose = createPose(atlas);
poseAt(atlas, findAnimation(atlas, 'Swing High'), viewOf(FACING.SE, 0), 18, false, pose);
const hand: Hand | null = handPoint(atlas, pose, 'first');
const stored: Hand | null = frameHand(atlas, 88, 'last');
const placed: Placement3d = placePose3d(atlas, pose, FACING.SE, createPlacement3d());

// A canvas library's picture and context: what a node renderer draws on.
class Picture implements ScratchCanvas {
  constructor(public width: number, public height: number) {}
  getContext(contextId: '2d'): PictureContext {
    void contextId;
    return new PictureContext(this);
  }
}

class PictureContext implements ScratchContext2D {
  imageSmoothingEnabled = true;
  constructor(readonly picture: Picture) {}
  save(): void {}
  restore(): void {}
  translate(x: number, y: number): void { void [x, y]; }
  scale(x: number, y: number): void { void [x, y]; }
  drawImage(image: SheetImage, ...box: number[]): void { void [image, box]; }
  clearRect(x: number, y: number, width: number, height: number): void { void [x, y, width, height]; }
  createImageData(width: number, height: number): Pixels {
    return { width, height, data: new Uint8ClampedArray(width * height * 4) };
  }
  getImageData(x: number, y: number, width: number, height: number): Pixels {
    void [x, y];
    return this.createImageData(width, height);
  }
  putImageData(pixels: Pixels, dx: number, dy: number): void { void [pixels, dx, dy]; }
}

const sheet: SheetImage = new Picture(256, 488);
const ctx = new PictureContext(new Picture(320, 240));
drawPose(ctx, atlas, pose, { sheet }, { x: 160, y: 120, scale: 2 });
const layered = poseWithLayers(atlas, 'Swing High', 1, 18, false, {
  weaponType: 'sword', weapon: createLayerAtlas(wep1), effect: null,
});
drawPose(ctx, atlas, layered, { sheet, weapon: { image: sheet, top: wep1.sheet.top } }, {
  createCanvas: (width, height) => new Picture(width, height),
});
const player = createPlayer(atlas, 'Walk', { onEvent: (event) => void event.label });
player.advance(1 / 60);

// @ts-expect-error: the DOM lib is not in this project, so its types are not either.
let domCanvas: HTMLCanvasElement;
// @ts-expect-error: a hand is [x, y, degrees].
createAtlas(data, { hands: { 74: [3, 5] } });
// @ts-expect-error: hands may be null (every document the builder writes has null).
const first: number = atlas.hands[74][0];
// @ts-expect-error: a sheet is an image, not its address.
drawPose(ctx, atlas, pose, { sheet: 'sheet.png' });
// @ts-expect-error: createPose needs the atlas.
createPose();

void [hand, stored, placed, domCanvas, first];
