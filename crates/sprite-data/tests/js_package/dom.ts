// A browser project's use of drawPose's types with the DOM lib (tsconfig.dom.json): real
// contexts, canvases and images where the declarations name only the members drawPose uses.
import { createAtlas, createPose, drawPose, poseAt } from 'tactics-sprite';
import type { TacticsSpriteData } from 'tactics-sprite';

declare const data: TacticsSpriteData;
declare const image: HTMLImageElement;
declare const bitmap: ImageBitmap;

const atlas = createAtlas(data);
const pose = poseAt(atlas, 'Walk', 1, 0, false, createPose(atlas));
const canvas = document.createElement('canvas');
const offscreen = new OffscreenCanvas(64, 64);
const ctx: CanvasRenderingContext2D | null = canvas.getContext('2d');
const offscreenCtx: OffscreenCanvasRenderingContext2D | null = offscreen.getContext('2d');
if (ctx && offscreenCtx) {
  drawPose(ctx, atlas, pose, {
    sheet: image,
    sp2: bitmap,
    weapon: { image: canvas, top: 256 },
    effect: { image: offscreen, top: 256 },
  }, { x: 160, y: 120, scale: 3, createCanvas: (width, height) => new OffscreenCanvas(width, height) });
  drawPose(offscreenCtx, atlas, pose, { sheet: bitmap }, {
    createCanvas: (width, height) => Object.assign(document.createElement('canvas'), { width, height }),
  });
}
