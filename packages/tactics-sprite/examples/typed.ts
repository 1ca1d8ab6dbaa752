// A typed use of every export of the runtime: `tsc --noEmit -p .` checks it against the
// declarations (npm run typecheck). It is an example, not run.
import {
  FACING, FACING_X, FACING_Z, IDLE, PATTERNS, STANCE_HALF_H, TICKS_PER_SECOND, WEAPON_TYPES,
  cameraStep, countEventsBetween, createAtlas, createLayerAtlas, createPlayer, createPose, drawPose,
  eventsAtStart, eventsBetween, findAnimation, frameHand, framePose, handPoint, isBackView,
  isMirroredView, poseAt, poseWithLayers, viewOf,
} from 'tactics-sprite';
import type {
  Animation, Atlas, EventCrossing, Hand, HandTable, IdleMotion, LayerAtlas, Player, Pose, PoseTile,
  TacticsSpriteData, TacticsSpriteLayer, WeaponType,
} from 'tactics-sprite';

declare const data: TacticsSpriteData;
declare const wep1: TacticsSpriteLayer;
declare const eff1: TacticsSpriteLayer;
declare const sheetImage: HTMLImageElement;
declare const weaponsSheet: HTMLCanvasElement;
declare const canvas: HTMLCanvasElement;

const atlas: Atlas = createAtlas(data);
const swing: Animation | IdleMotion = findAnimation(atlas, 'Swing High');
const idle: IdleMotion = IDLE;

// The camera east of the scene, the unit facing south-east.
const step: number = cameraStep(1, 0);
const view: number = viewOf(FACING.SE, step);
const back: boolean = isBackView(view);
const mirrored: boolean = isMirroredView(view);
const pattern: number = PATTERNS[view];
const forward: [number, number] = [FACING_X[FACING.SE], FACING_Z[FACING.SE]];

// One pose, filled again and again without allocating.
const pose: Pose = createPose(atlas);
poseAt(atlas, swing, view, 18, false, pose);
for (let i = 0; i < pose.count; i++) {
  const tile: PoseTile = pose.tiles[i];
  const left: number = tile.x + pose.moveX;
  const top: number = tile.y + pose.moveY + STANCE_HALF_H;
  void [left, top, tile.flipX, tile.flipY, tile.sheet, tile.order];
}
const bare: Pose = framePose(atlas, 88);
const still: Pose = poseAt(atlas, idle, 1, 0);

// The events of the sequence the pose played.
if (pose.sequence !== null) {
  const sequence = atlas.doc.sequences[pose.sequence];
  const crossed: EventCrossing[] = eventsBetween(sequence, 0, 30);
  const many: number = countEventsBetween(sequence, 0, 1e12);
  const first: EventCrossing[] = eventsAtStart(sequence);
  void [crossed, many, first];
}

// A player advancing by seconds.
const player: Player = createPlayer(atlas, 'Walk', {
  view,
  onEvent: (event) => console.log(event.tick, event.label),
});
const fired: number = player.advance(1 / TICKS_PER_SECOND);
player.advanceTicks(3);
const now: Pose = player.pose(pose);

// Hands, where the document has them, or from the renderer's own table for its sheet.
if (atlas.hands !== null) {
  const hand: Hand | null = handPoint(atlas, pose, 'first');
  void hand;
}
const ownHands: HandTable = { 74: [3, 5, 30] };
const handed: Atlas = createAtlas(data, { hands: ownHands });
const stored: Hand | null = frameHand(handed, 88, 'last');

// The weapon and effect layers, drawn at three times the size.
const weapon: LayerAtlas = createLayerAtlas(wep1);
const sword: WeaponType = WEAPON_TYPES[2];
const layered: Pose = poseWithLayers(atlas, swing, view, 18, false, { weaponType: sword, weapon, effect: eff1 });
const ctx = canvas.getContext('2d');
if (ctx) {
  drawPose(ctx, atlas, layered, {
    sheet: sheetImage,
    weapon: { image: weaponsSheet, top: wep1.sheet.top },
    effect: { image: weaponsSheet, top: eff1.sheet.top },
  }, { x: 96, y: 120, scale: 3 });
}

void [back, mirrored, pattern, forward, bare, still, fired, now, stored];
