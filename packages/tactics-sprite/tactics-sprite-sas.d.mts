// Types of tactics-sprite-sas.mjs: Tactics Ogre's SAS sets. The document's shape is the part of
// schemas/sas-set.schema.json (in the tactics-sprite repository) that the pose reads.

/** A rectangle of the set's sheet, in texels. */
export interface SasCell {
  u: number;
  v: number;
  width: number;
  height: number;
}

/** A sprite: cells placed at an offset from the pose's position, back to front. */
export interface SasFrame {
  quads: { cell: number; x: number; y: number }[];
}

/** What a sequence shows from tick `start` up to `end`: a sprite (or none) at a position. */
export interface SasSequencePose {
  start: number;
  end: number;
  frame: number | null;
  x: number;
  y: number;
}

export interface SasSequence {
  duration: number;
  poses: SasSequencePose[];
}

/** One direction of an animation: the sequence it plays, mirrored or not. */
export interface SasDirection {
  sequence: number;
  mirrored: boolean;
}

/** A `tactics-sas-set` document, as `tactics-sprite build --sas` writes it (the members read here). */
export interface TacticsSasSet {
  format: 'tactics-sas-set';
  cells: SasCell[];
  frames: SasFrame[];
  sequences: SasSequence[];
  animations: { directions: (SasDirection | null)[] }[];
}

/** A quad where it is drawn: its top left from the animation's position, its sheet rectangle. */
export interface SasQuad {
  cell: number;
  x: number;
  y: number;
  width: number;
  height: number;
  u: number;
  v: number;
  flipX: boolean;
}

/** `tactics-sprite draw`'s line for a set, key for key. */
export interface SasPose {
  animation: number;
  direction: number;
  tick: number;
  sequence: number;
  mirrored: boolean;
  duration: number;
  /** The pose's index in the sequence, or null before its first. */
  index: number | null;
  start: number;
  end: number;
  frame: number | null;
  x: number;
  y: number;
  quads: SasQuad[];
}

export interface SasBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

export const SAS_TICKS_PER_SECOND: 60;

export function sasPoseAt(doc: TacticsSasSet, animation: number, direction: number, tick: number): SasPose;
export function sasBox(doc: TacticsSasSet, animation: number, direction: number): SasBox;
export function sasTickAfter(doc: TacticsSasSet, animation: number, direction: number, from: number, seconds: number): number;
