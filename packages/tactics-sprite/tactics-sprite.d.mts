// Types of tactics-sprite.mjs, the runtime of the tactics-sprite-data document. They name no DOM
// type: the canvas parts are the few members drawPose uses, so the declarations check in a
// project without the DOM lib (node, lib: ["es2022"]) and accept real canvases, contexts and
// images in one with it.

/** A tile of a frame: `[cell, u, v]`, `[cell, u, v, flip]` or `[cell, u, v, flip, flipY]`. */
export type FrameTile = [number, number, number] | [number, number, number, 0 | 1] | [number, number, number, 0 | 1, 0 | 1];

export interface Cell { id: number; x: number; y: number; w: number; h: number }

/** A layer cue of a sequence: a draw order from `tick`, or a layer slot starting at `tick`. */
export type LayerCue =
  | { tick: number; priority: number; order: LayerName[] }
  | { tick: number; layer: 1 | 2; slot: number };

export type LayerName = 'unit' | 'weapon' | 'effect' | 'text';

export interface Sequence {
  seq: number;
  raw: number;
  name: string;
  loop: boolean;
  frames: number[];
  ticks: number[];
  fb?: number[];
  du?: number[];
  rl?: number[];
  flip?: (0 | 1)[];
  sheet?: 1;
  layers?: LayerCue[];
  events: [number, string][];
}

export interface Animation {
  name: string;
  category: string;
  front: number;
  back: number;
  loop: boolean;
  hitTick: number | null;
  water: boolean;
  mode?: string;
}

/** A tactics-sprite-data document, as parsed from JSON. */
export interface TacticsSpriteData {
  format: 'tactics-sprite-data';
  formatVersion: number;
  version: string;
  notice: string;
  sheet: { file: string; width: number; height: number };
  sp2?: { file: string; width: number; height: number };
  stage: { originColumn: number; stanceRow: number; stanceWidth: number; stanceHeight: number; ticksPerSecond: number };
  waterOffset: number;
  idleFrames: number[];
  idleFlip?: (0 | 1)[];
  cells: Cell[];
  frames: FrameTile[][];
  sequences: Sequence[];
  animations: Animation[];
  /** The hand on a cell of the site's sheet; null in every document built from the game's files. */
  hands: HandTable | null;
  holds: Record<string, unknown> | null;
  heldItemScale: number;
}

/**
 * `{ cellId: [x, y, degrees] }`: the hand's centre pixel on a cell and the way the forearm points
 * (0 along the facing, 90 up). Read off one sheet by hand, so it belongs to that sheet.
 */
export type HandTable = Record<string, readonly [number, number, number]>;

/** A layer document (`tactics-sprite-layer`: WEP1, WEP2 or EFF1), as parsed from JSON. */
export interface TacticsSpriteLayer {
  format: 'tactics-sprite-layer';
  formatVersion: number;
  version: string;
  notice: string;
  layer: 'weapon' | 'effect';
  kind: 'wep1' | 'wep2' | 'eff1';
  sheet: { file: string; width: number; height: number; top: number; palette: number };
  anchor: [number, number];
  firstFrames: { weapon: WeaponType; entry: number; frame: number }[];
  cells: Cell[];
  frames: { rotation: number; degrees: number; flags: number; tiles: FrameTile[] }[];
  sequences: { slot: number; frames: number[]; ticks: number[]; end: string; layers?: LayerCue[] }[];
}

export type WeaponType =
  | 'knife' | 'ninja-blade' | 'sword' | 'knight-sword' | 'katana' | 'axe' | 'rod' | 'staff' | 'flail'
  | 'gun' | 'crossbow' | 'bow' | 'instrument' | 'book' | 'spear' | 'pole' | 'bag' | 'cloth' | 'shield'
  | 'ball' | 'shuriken';

/** A document read once for `poseAt` and `drawPose`. */
export interface Atlas {
  /** The document as given, never changed. */
  readonly doc: TacticsSpriteData;
  readonly sheet: TacticsSpriteData['sheet'] | null;
  readonly sp2: NonNullable<TacticsSpriteData['sp2']> | null;
  readonly stage: TacticsSpriteData['stage'] | null;
  readonly waterOffset: number;
  /** The document's `hands`, or the table given to `createAtlas(doc, { hands })`; null: none. */
  readonly hands: HandTable | null;
  readonly holds: TacticsSpriteData['holds'];
  readonly animations: Animation[];
  readonly idleFrames: number[];
  /** The most tiles a frame of the document has. */
  readonly maxTiles: number;
}

export interface AtlasOptions {
  /** A hand table for `handPoint` and `frameHand` in place of the document's (null: none). */
  hands?: HandTable | null;
}

/** A layer document read once for `poseWithLayers`. */
export interface LayerAtlas {
  readonly doc: TacticsSpriteLayer;
  readonly layer: 'weapon' | 'effect';
  readonly kind: string;
  readonly sheet: TacticsSpriteLayer['sheet'];
  readonly anchor: [number, number];
}

/** The idle branch: what `findAnimation(atlas, 'Idle')` returns. */
export interface IdleMotion { readonly name: 'Idle'; readonly idle: true }

/** What `poseAt` accepts as the animation. */
export type Motion = Animation | IdleMotion | string;

export interface PoseTile {
  /** An index into the document's `cells`. */
  cell: number;
  /** The top left from the stance point, before the 2D move. */
  x: number;
  y: number;
  w: number;
  h: number;
  flipX: boolean;
  flipY: boolean;
  /** 0: from `sheet`; 1: from `sp2` at `cell.y - 256`. */
  sheet: 0 | 1;
  /** The position in draw order, 0 furthest back. */
  order: number;
}

export interface LayerPose {
  layer: 'weapon' | 'effect';
  /** The layer document this layer is drawn from. */
  readonly atlas: LayerAtlas;
  slot: number;
  started: number;
  index: number;
  shp: number;
  /** Degrees clockwise on screen (negated in a mirrored view), about (pivotX, pivotY). */
  degrees: number;
  pivotX: number;
  pivotY: number;
  flags: number;
  /** `tiles[0 .. count-1]` are in use. */
  tiles: PoseTile[];
  count: number;
}

/** What to draw at one moment. `tiles[0 .. count-1]` are in use, back to front. */
export interface Pose {
  animation: string;
  view: number;
  tick: number;
  water: boolean;
  back: boolean;
  mirrored: boolean;
  sequence: number | null;
  name: string | null;
  index: number | null;
  shp: number;
  moveX: number;
  moveY: number;
  tiles: PoseTile[];
  count: number;
  /** The sequence's forward and down moves at this step, unmirrored (for 3D); not enumerable. */
  fb: number;
  du: number;
  /** With layers (`poseWithLayers`): the weapon type, else null; not enumerable, as the rest. */
  weaponType: WeaponType | null;
  /** The draw order in force, front-most first. */
  layerOrder: LayerName[];
  /** `layers[0 .. layerCount-1]`, back to front. */
  layers: LayerPose[];
  layerCount: number;
  /** The line `tactics-sprite draw` prints for the same request. */
  toJSON(): object;
}

export interface EventCrossing { tick: number; pass: number; label: string }

export interface Layers {
  weaponType: WeaponType;
  weapon: LayerAtlas | TacticsSpriteLayer | null;
  effect: LayerAtlas | TacticsSpriteLayer | null;
}

export interface Hand {
  /** The centre of the hand pixel from the stance point. */
  x: number;
  y: number;
  /** The forearm's direction: 0 along the facing, 90 up. */
  degrees: number;
  cell: number;
}

export type Arm = 'first' | 'last';

export interface PlayerOptions {
  view?: number;
  water?: boolean;
  tick?: number;
  onEvent?: ((event: EventCrossing) => void) | null;
}

export interface Player {
  readonly animation: Animation | IdleMotion;
  readonly tick: number;
  readonly seconds: number;
  view: number;
  water: boolean;
  onEvent: ((event: EventCrossing) => void) | null;
  readonly loops: boolean;
  readonly finished: boolean;
  /** Moves the clock on by `seconds` and returns how many events it fired. */
  advance(seconds: number): number;
  /** Moves the clock on by whole ticks and returns how many events it fired. */
  advanceTicks(ticks: number): number;
  seek(tick: number): void;
  restart(): void;
  pose(into?: Pose): Pose;
}

/**
 * An image `drawPose` cuts cells from: anything your context's `drawImage` draws. drawPose reads
 * nothing of it; in a browser it is a `CanvasImageSource` (an `HTMLImageElement`, an
 * `ImageBitmap`, a canvas), in node your canvas library's image.
 */
export type SheetImage = object;

/** An image to cut cells from: an image, or `{ image, top }` where `top` is the image row of the sheet's row 0. */
export type SheetSource = SheetImage | { image: SheetImage; top?: number };

export interface Sheets {
  sheet?: SheetSource | null;
  sp2?: SheetSource | null;
  weapon?: SheetSource | null;
  effect?: SheetSource | null;
}

/**
 * What `drawPose` draws with: the members of a Canvas 2D context it uses
 * (`CanvasRenderingContext2D` and `OffscreenCanvasRenderingContext2D` are ones).
 */
export interface Context2D {
  imageSmoothingEnabled: boolean;
  save(): void;
  restore(): void;
  translate(x: number, y: number): void;
  scale(x: number, y: number): void;
  drawImage(image: SheetImage, sx: number, sy: number, sw: number, sh: number, dx: number, dy: number, dw: number, dh: number): void;
}

/** Pixels as a Canvas 2D context reads and writes them (an `ImageData` is one): RGBA rows. */
export interface Pixels {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8ClampedArray;
}

/** The context of a scratch canvas a layered pose is composed on: drawn on, read, written back. */
export interface ScratchContext2D extends Context2D {
  clearRect(x: number, y: number, width: number, height: number): void;
  createImageData(width: number, height: number): Pixels;
  getImageData(x: number, y: number, width: number, height: number): Pixels;
  putImageData(pixels: Pixels, dx: number, dy: number): void;
}

/** A scratch canvas for layered poses (an `OffscreenCanvas` or an `HTMLCanvasElement` is one). */
export interface ScratchCanvas {
  width: number;
  height: number;
  getContext(contextId: '2d', options?: { willReadFrequently?: boolean }): ScratchContext2D | null;
}

export interface DrawOptions {
  /** Where the stance point goes, in canvas pixels. */
  x?: number;
  y?: number;
  /** A whole number: each sprite pixel is a scale x scale block. */
  scale?: number;
  /**
   * The sheet images' size against the document's numbers: 1 (the SPR's, the default) or 2 (the
   * remaster's HD sheet, 512 x 976 for a unit: each cell cut at twice its place and size, every
   * offset and move drawn at twice its distance; the weapon and effect stay SD art, each pixel a
   * 2 x 2 block).
   */
  sheetScale?: 1 | 2;
  /**
   * A scratch canvas for layered poses where there is no `OffscreenCanvas` and the context's
   * canvas has no `ownerDocument` (in node, your canvas library's).
   */
  createCanvas?: (width: number, height: number) => ScratchCanvas;
}

export const TICKS_PER_SECOND: 60;
export const STANCE_HALF_H: 20;
export const FACING: Readonly<{ SE: 1; SW: 3; NW: 5; NE: 7 }>;
export const FACING_X: readonly number[];
export const FACING_Z: readonly number[];
export const PATTERNS: readonly number[];
export const WEAPON_TYPES: readonly WeaponType[];
export const IDLE: IdleMotion;
/** The sheet scales `drawPose` takes. */
export const SHEET_SCALES: readonly [1, 2];

export function cameraStep(x: number, z: number): number;
export function viewOf(facing: number, step: number): number;
export function isBackView(view: number): boolean;
export function isMirroredView(view: number): boolean;

export function createAtlas(doc: TacticsSpriteData | Atlas, options?: AtlasOptions): Atlas;
export function findAnimation(atlas: Atlas | TacticsSpriteData, name: string): Animation | IdleMotion;
export function createPose(atlas: Atlas | TacticsSpriteData, capacity?: number): Pose;
export function poseAt(atlas: Atlas | TacticsSpriteData, animation: Motion, view: number, tick: number, water?: boolean, into?: Pose): Pose;
export function framePose(atlas: Atlas | TacticsSpriteData, shp: number, into?: Pose): Pose;

export function eventsBetween(sequence: Sequence, from: number, to: number, limit?: number): EventCrossing[];
export function countEventsBetween(sequence: Sequence, from: number, to: number): number;
export function eventsAtStart(sequence: Sequence): EventCrossing[];
export function createPlayer(atlas: Atlas | TacticsSpriteData, animation: Motion, options?: PlayerOptions): Player;

export function handPoint(atlas: Atlas | TacticsSpriteData, pose: Pose, arm: Arm): Hand | null;
export function frameHand(atlas: Atlas | TacticsSpriteData, shp: number, arm: Arm): Hand | null;

export function createLayerAtlas(doc: TacticsSpriteLayer | LayerAtlas): LayerAtlas;
export function poseWithLayers(atlas: Atlas | TacticsSpriteData, animation: Motion, view: number, tick: number, water: boolean, layers: Layers, into?: Pose): Pose;

export function drawPose(ctx: Context2D, atlas: Atlas | TacticsSpriteData, pose: Pose, sheets: Sheets, options?: DrawOptions): void;
