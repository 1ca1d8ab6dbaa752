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

/** The files given, in one instance of the module. */
export class FileSet {
  add(file: NamedFile): void;
  /** Adds files as `openFiles` takes them; a `Blob` longer than any sprite file is read as a disc image. */
  addFiles(files: Iterable<PickedFile | NamedFile> | ArrayLike<PickedFile | NamedFile>): Promise<void>;
  /** Reads a disc image's BATTLE sprite files in place, a slice at a time; the names they are kept under (`game.bin:BATTLE/TYPE1.SHP`). */
  addDisc(image: DiscImage, name?: string): Promise<string[]>;
  /** The bytes of memory the set's module holds (its peak: WebAssembly memory is never given back). */
  memoryBytes(): number;
  list(): FilesListing;
  documentBytes(kind: string): Uint8Array;
  document(kind: string): TacticsSpriteData;
  sheet(name: string, options?: { palette?: number; sp2Of?: string }): SheetPixels;
  render(kind: string, request?: RenderRequest): Uint8Array;
  /** The canvas of one picture of `render(kind, request)` before its scale, the stance point at `(-left, -top)`: `serve`'s `/api/v1/canvas`. */
  canvas(kind: string, request?: RenderRequest): { left: number; top: number; width: number; height: number };
  /** The names (as given) of the files that are not the game's own: the user's edits. */
  edits(): string[];
  /** The zip of a mod made from the files given (default: the edits), as `mod new` and `mod add` make it on disk. */
  modZip(request: ModRequest): Promise<Uint8Array>;
}

/** Reads files (a FileList, File[], or { name, bytes }[]) into a new set, fetching the module the first time. */
export function openFiles(files: Iterable<PickedFile | NamedFile> | ArrayLike<PickedFile | NamedFile>, options?: OpenOptions): Promise<FileSet>;
