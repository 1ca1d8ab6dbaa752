// Types of files.mjs: the user's own game files read through the WebAssembly module. As the
// package's other types, they name no DOM type: a file picked in a page (a `File`) is accepted
// by its shape, and so is the module's source.

import type { TacticsSpriteData } from './tactics-sprite.mjs';

/** A file as the module takes it: its name (a path from a folder picked, or a bare name) and bytes. */
export interface NamedFile {
  name: string;
  bytes: Uint8Array | ArrayBuffer;
}

/** A file picked in a page (a DOM `File`), by the members read: its path in a folder picked, else its name, and its bytes. */
export interface PickedFile {
  readonly name: string;
  readonly webkitRelativePath?: string;
  arrayBuffer(): Promise<ArrayBuffer>;
}

/** A disc image given (a DOM `File` or `Blob`; in node `fs.openAsBlob(path)`), by the members read: its size and slices of it. */
export interface DiscImage {
  readonly size: number;
  readonly name?: string;
  readonly webkitRelativePath?: string;
  slice(start: number, end: number): { arrayBuffer(): Promise<ArrayBuffer> };
}

/** The longest sprite file there is (4 MiB): a `Blob` given that is longer is read as a disc image. */
export const LONGEST_SPRITE_FILE: number;

/** Where the module is when it is not beside files.mjs: a URL (or its text), a path (node), its bytes, or a `WebAssembly.Module`. */
export type WasmSource = string | { readonly href: string } | ArrayBuffer | ArrayBufferView | object;

export interface OpenOptions {
  wasm?: WasmSource;
  /** Where the second module (`files-io.wasm`: disc images, mods) is, or a function giving it when it is first needed. */
  ioWasm?: WasmSource | (() => WasmSource | Promise<WasmSource>);
}

/** An error the files gave: its message names the file, the byte offset and what was expected. */
export class FilesError extends Error {
  name: 'FilesError';
}

/** A kind the files can build: its name, whether it is a layer set, the files found and the sheet its document names. */
export interface BuildableKind {
  kind: string;
  layer: boolean;
  files: [string, string];
  /** The sheet the document names (`RAMUZA.SPR`), null for a layer set. */
  sheet: string | null;
  /** The file given under that name, if any. */
  sheetFile: string | null;
  /** How many palettes that file has (0: a PNG, in its own colours), or null when it is not given. */
  palettes: number | null;
  /** The second sheet some of its sequences draw from (MON's `BEHI2.SP2`), null for none; and the file given under that name, if any. */
  sp2: string | null;
  sp2File: string | null;
  /** The layer documents `weapon` draws with (`['wep1', 'eff1']`), when their files and WEP.SPR are given; null otherwise (a layer set: null). */
  layers: [string, string] | null;
  /** The HD pair of the sheet (`['tex_992.bin', 'tex_993.bin']`) when both halves are given: `hd: true` draws from it. */
  hd: [string, string] | null;
  /** For one of Ramza's pairs, the variants `charclut.nxd` (given) has for it. */
  variants: number[] | null;
}

export interface FilesListing {
  files: number;
  kinds: BuildableKind[];
  lacking: { kind: string; layer: boolean; missing: string[] }[];
}

/** A sheet's pixels: RGBA, row by row (what an ImageData holds). */
export interface SheetPixels {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

/** `tactics-sprite render`'s choices, by name. */
export interface RenderRequest {
  animation?: string | string[];
  frame?: number;
  allFrames?: boolean;
  view?: number | number[];
  water?: boolean;
  scale?: number;
  background?: string;
  labels?: boolean;
  columns?: number;
  sheet?: string;
  palette?: number;
  /** What render's `-o` extension chooses: a still PNG (the default), an animated PNG or a GIF. */
  format?: 'png' | 'apng' | 'gif';
  /** Drawn from the kind's HD pair (`tex_N.bin` and `tex_N+1.bin` given), at twice the size, as `render --sheet tex_N.bin`. */
  hd?: boolean;
  /** With `hd` on one of Ramza's pairs: the row of `charclut.nxd` (given) to colour with, as `render --variant` (default 0). */
  variant?: number;
}

/** The weapon a unit holds, as `render --weapon` and the server's `weapon=` take it (WEP.SPR and the layer files given). */
export interface WeaponRequest {
  /** A weapon type (`sword`) or one of its graphics (`knight-sword-1`). */
  weapon?: string;
  /** The weapon's palette in its block, 0..15 (default: the graphic's). */
  weaponPalette?: number;
  /** The rows down its block the weapon is cut from (default: the graphic's). */
  weaponRows?: number;
  /** The effect's palette, 0..15 (default 0). */
  effectPalette?: number;
}

/** What `/api/v1/canvas` answers: the box a render draws in, in sprite pixels from the stance point. */
export interface CanvasBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** What `/api/v1/source` answers: the SEQ text form a kind was built from, and for each sequence the line (from 1) of each step's command. */
export interface SourceText {
  file: string;
  text: string;
  steps: number[][];
}

/** `tactics-sprite export-aseprite`'s choices, by name (the sheet, palette, HD and weapon as `render` takes them). */
export interface AsepriteRequest extends WeaponRequest {
  /** The files' name, NAME.png and NAME.json (default: the sheet's stem, `ramuza`). */
  name?: string;
  /** Ticks a frame the game holds lasts (default 60). */
  hold?: number;
  /** The document's name in the JSON's provenance (default `KIND.json`, as `build-data` names it). */
  data?: string;
  sheet?: string;
  palette?: number;
  hd?: boolean;
  variant?: number;
}

/** What `export-aseprite` writes: the atlas PNG and the Hash JSON, and their name. */
export interface AsepriteExport {
  name: string;
  png: Uint8Array;
  json: Uint8Array;
}

/** `mod new`'s and `mod add`'s choices, by name. */
export interface ModRequest {
  id: string;
  name: string;
  author?: string;
  version?: string;
  description?: string;
  mode?: 'enhanced' | 'classic' | 'combined';
  /** The files to place, by the names given; default: every file given that is not a retail file. */
  files?: string[];
}

/** Whether bytes start as the text form of a SEQ or SHP may (`.` or `;` first, UTF-8, no NUL): such a file is assembled by the second module. */
export function looksLikeText(bytes: Uint8Array): boolean;

/** The files given, in one instance of the module. */
export class FileSet {
  /** Adds one file (not a text form nor charclut.nxd: `addFiles` has the second module read those). */
  add(file: NamedFile): void;
  /** Adds files as `openFiles` takes them; a `Blob` longer than any sprite file is read as a disc image, a text form (`type1.seq.txt`) is assembled and used in place of its file. */
  addFiles(files: Iterable<PickedFile | NamedFile> | ArrayLike<PickedFile | NamedFile>): Promise<void>;
  /** Reads a disc image's BATTLE sprite files in place, a slice at a time; the names they are kept under (`game.bin:BATTLE/TYPE1.SHP`). */
  addDisc(image: DiscImage, name?: string): Promise<string[]>;
  /** The bytes of memory the set's module holds (its peak: WebAssembly memory is never given back). */
  memoryBytes(): number;
  list(): FilesListing;
  documentBytes(kind: string): Uint8Array;
  document(kind: string): TacticsSpriteData;
  /** A sheet's pixels; with `hd`, the HD pair of the sheet (`tex_N.bin` given) in its palette at 512 x 976, or for one of Ramza's in `charclut.nxd`'s row `variant`. */
  sheet(name: string, options?: { palette?: number; sp2Of?: string; hd?: boolean; variant?: number }): SheetPixels;
  render(kind: string, request?: RenderRequest & WeaponRequest): Uint8Array;
  /** The box `render` of the same request draws in, as `/api/v1/canvas` answers. */
  canvas(kind: string, request?: RenderRequest & WeaponRequest): CanvasBox;

  /** The text `tactics-sprite disasm` writes of the SEQ or SHP given under `name` (any of its names): a SEQ's slots named by the kind whose SEQ it is (second module). */
  disasm(name: string): Promise<string>;
  /** The bytes `tactics-sprite asm` writes of a text form; an error is one line naming `name` (default `the text`), the line and the column (second module). */
  asm(text: string | Uint8Array, name?: string): Promise<Uint8Array>;
  /** `/api/v1/source`'s answer: the SEQ text form `kind` was built from (given among the files, `type1.seq.txt`), null when its SEQ was given as bytes. */
  source(kind: string): SourceText | null;

  /** The SPR `tactics-sprite sheet import` writes of the picture given under `name` (`RAMUZA.png`), the sheet of its name given as itself standing for `--like` (second module). */
  importSheet(name: string, options?: { palette?: number }): Promise<Uint8Array>;
  /** The HD pair `tactics-sprite sheet import` writes of a picture of one (512 wide: `tex_992.png`, or `MINA_M.png`), its unit's SPR given standing for `--palettes-from` and its halves for `--like` (second module). */
  importPair(name: string, options?: { palette?: number }): Promise<{ names: [string, string]; upper: Uint8Array; lower: Uint8Array }>;
  /** What `tactics-sprite export-aseprite` writes for `kind` drawn from its sheet (second module, from a copy of the files given). */
  aseprite(kind: string, request?: AsepriteRequest): Promise<AsepriteExport>;

  /** `kind`'s weapon or effect layer document, as `/api/v1/layer` (built from WEP1/WEP2 or EFF1's files given). */
  layerDocumentBytes(kind: string, layer: 'weapon' | 'effect'): Uint8Array;
  layerDocument(kind: string, layer: 'weapon' | 'effect'): object;
  /** The block of WEP.SPR the layer's cells are cut from for `weapon`, as `/api/v1/layer.png`'s pixels. */
  layerSheet(kind: string, layer: 'weapon' | 'effect', weapon: WeaponRequest): SheetPixels;
  /** The names (as given) of the files that are not the game's own: the user's edits. */
  edits(): string[];
  /** The zip of a mod made from the files given (default: the edits), as `mod new` and `mod add` make it on disk. */
  modZip(request: ModRequest): Promise<Uint8Array>;
}

/** Reads files (a FileList, File[], or { name, bytes }[]) into a new set, fetching the module the first time. */
export function openFiles(files: Iterable<PickedFile | NamedFile> | ArrayLike<PickedFile | NamedFile>, options?: OpenOptions): Promise<FileSet>;
