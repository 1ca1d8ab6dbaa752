// Types of tactics-sprite-three.mjs: a pose placed in a 3D scene. The three.js types are kept
// structural, so that these declarations need no three.js of their own.

import type { Atlas, Pose } from './tactics-sprite.mjs';

export const PIXEL_WIDTH: 0.75;
export const PIXEL_HEIGHT: 0.9;

export function tileCenterInGroup(cx: number, cy: number): [number, number];
export function textureV(y: number, height: number): number;
export function fbWorld(facing: number, fb: number, out?: [number, number, number]): [number, number, number];
export function duScreen(du: number): number;

export interface Tile3d {
  x: number;
  y: number;
  width: number;
  height: number;
  u0: number;
  u1: number;
  v0: number;
  v1: number;
  sheet: 0 | 1;
  order: number;
  body: boolean;
}

export interface Placement3d {
  world: [number, number, number];
  /** `tiles[0 .. count-1]` are in use. */
  tiles: Tile3d[];
  count: number;
}

export function createPlacement3d(): Placement3d;
/** The sheet scales: 1, the SPR's size; 2, the remaster's HD sheets. */
export type SheetScale = 1 | 2;
/** The size in pixels of the texture of the document's sheet (or its SP2) at `sheetScale`. */
export function textureSize(atlas: Atlas, sheetScale?: SheetScale, which?: 'sheet' | 'sp2'): [number, number];
export function placePose3d(atlas: Atlas, pose: Pose, facing: number, out?: Placement3d): Placement3d;

/** The part of the three.js namespace `createUnitGroup` uses. */
export interface ThreeNamespace {
  Group: new () => any;
  Mesh: new (geometry: any, material: any) => any;
  PlaneGeometry: new (width: number, height: number) => any;
  MeshBasicMaterial: new (parameters: object) => any;
  Vector3: new () => any;
  DoubleSide: number;
}

export interface UnitGroup<G = any> {
  group: G;
  placement: Placement3d;
  update(pose: Pose, facing: number, camera?: { quaternion: unknown } | null, at?: unknown): void;
  dispose(): void;
}

export function createUnitGroup(
  THREE: ThreeNamespace,
  atlas: Atlas,
  textures: { sheet: unknown; sp2?: unknown },
  options?: { depthStep?: number; sheetScale?: SheetScale },
): UnitGroup;
