// files.mjs: the user's own game files read in the page or in node, with nothing installed. The
// project's Rust libraries, compiled to WebAssembly (`files.wasm`, built from crates/sprite-wasm),
// build each kind's document from the files given, byte for byte what `tactics-sprite build` and
// `cargo xtask build-data` write, and draw sheets and renders with the same code.
//
// The core module (`tactics-sprite`) does not import this one: the pose runtime stays as small as
// it is, and the WebAssembly is fetched only when `openFiles` is first called.
//
//   import { openFiles } from 'tactics-sprite/files';
//   const files = await openFiles(input.files);        // a FileList, File[], or [{ name, bytes }]
//   const doc = files.document('type1');                // the parsed document
//
// A disc image given (a `.bin`, `.img` or `.iso`, any file longer than a sprite file can be) is
// read in place: its BATTLE folder's sprite files are read a slice at a time through the File's
// `slice`, so the image is never in memory whole. That, and `modZip` (a mod as a zip), take a
// second module (`files-io.wasm`, from crates/sprite-wasm-io), fetched only when first used.
//
// A file that is not what it should be gives a FilesError whose message names the file, the byte
// offset and what was expected, as the command line says it. Nothing the module is given stops
// it: the module's memory is capped, and should it fail all the same (a WebAssembly trap), the
// set it held is closed with a FilesError saying so, and the page goes on.

const OK = 0;
const NEED = 2;
const FILE = 3;

/**
 * The longest sprite file there is (4 MiB): a file given that is longer is read as a disc image,
 * in place, a slice at a time (`FileSet.addDisc`).
 */
export const LONGEST_SPRITE_FILE = 4 << 20;

/** An error the files gave (its message names the file, the offset and what was expected). */
export class FilesError extends Error {
  constructor(message) {
    super(message);
    this.name = 'FilesError';
  }
}

let compiled = null;
let compiledIo = null;

/** A module compiled from `source` (a URL, a path in node, bytes or a module), else from `beside` next to this file. */
async function compile(source, beside = './files.wasm') {
  if (source instanceof WebAssembly.Module) return source;
  if (source instanceof ArrayBuffer || ArrayBuffer.isView(source)) return WebAssembly.compile(source);
  const url = source ?? new URL(beside, import.meta.url);
  const href = String(url);
  if (href.startsWith('file:') || (typeof process === 'object' && !/^[a-z]+:/i.test(href))) {
    const { readFile } = await import('node:fs/promises');
    return WebAssembly.compile(await readFile(href.startsWith('file:') ? new URL(href) : href));
  }
  const response = await fetch(url);
  if (!response.ok) throw new FilesError(`${href}: ${response.status} ${response.statusText}`);
  return WebAssembly.compile(await response.arrayBuffer());
}

const ASCII_SPACE = new Set([0x20, 0x09, 0x0a, 0x0c, 0x0d]);

/**
 * Whether `bytes` start as a text form of a SEQ or SHP might (the inputs layer's own test): a
 * directive (`.`) or a comment (`;`) first, UTF-8, and no NUL byte, which every SEQ and SHP file
 * has in its header. Such a file is assembled by the second module before the first keeps it.
 */
export function looksLikeText(bytes) {
  const head = bytes.subarray(0, 4096);
  if (head.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
  } catch {
    return false;
  }
  const first = head.find((b) => !ASCII_SPACE.has(b));
  return first === 0x2e || first === 0x3b;
}

/** Pixels as the first module gives them (width, height, little-endian `u32` each, then RGBA). */
function pixelsOf(bytes) {
  const header = new DataView(bytes.buffer, bytes.byteOffset, 8);
  const width = header.getUint32(0, true);
  const height = header.getUint32(4, true);
  return { width, height, data: new Uint8ClampedArray(bytes.buffer, bytes.byteOffset + 8, width * height * 4) };
}

/** Whether a file is `charclut.nxd` (Ramza's colours), whose rows the second module reads for the first. */
function isCharclut(name) {
  return /(^|[/\\:])charclut\.nxd(;1)?$/i.test(name);
}

/** A file as the first module's `ts_found` hands it over: its name as given and its bytes. */
function unpackNamed(packed) {
  const len = new DataView(packed.buffer, packed.byteOffset, 4).getUint32(0, true);
  return { name: decoder.decode(packed.subarray(4, 4 + len)), bytes: packed.subarray(4 + len) };
}

/** What a file given is, as the module takes it: its name (a folder's path when picked with one) and bytes. */
async function nameAndBytes(file) {
  if (typeof Blob !== 'undefined' && file instanceof Blob) {
    const name = file.webkitRelativePath || file.name;
    return { name, bytes: new Uint8Array(await file.arrayBuffer()) };
  }
  const { name, bytes } = file;
  if (typeof name !== 'string') throw new TypeError('a file is { name, bytes } or a File');
  return { name, bytes: bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes) };
}

/**
 * Reads `files` (a FileList, File[], or [{ name, bytes }]) into a new set. `options.wasm` says
 * where the module is when it is not beside this file (a URL, a path in node, bytes, or a
 * WebAssembly.Module); `options.ioWasm` likewise for the second module (`files-io.wasm`), or a
 * function that gives one when it is first needed. Throws a FilesError naming a file the set
 * cannot hold (over the caps).
 */
export async function openFiles(files, options = {}) {
  if (!compiled || options.wasm) compiled = compile(options.wasm);
  const module = await compiled;
  const instance = await WebAssembly.instantiate(module, {});
  const set = new FileSet(instance, options.ioWasm);
  await set.addFiles(files);
  return set;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** The files given, in one instance of the module. */
export class FileSet {
  #exports;
  #closed = null;
  #ioSource;
  #io = null;
  /** The names of the files kept, in order; how many of them the second module holds for drawing. */
  #names = [];
  #ioDrawn = 0;

  constructor(instance, ioSource) {
    this.#exports = instance.exports;
    this.#ioSource = ioSource;
  }

  /** The second module's instance, compiled and made when first needed. */
  async #ioExports() {
    if (!this.#io) {
      const source = typeof this.#ioSource === 'function' ? await this.#ioSource() : this.#ioSource;
      if (!compiledIo || source !== undefined) compiledIo = compile(source, './files-io.wasm');
      this.#io = await WebAssembly.instantiate(await compiledIo, {});
      this.#ioDrawn = 0;
    }
    return this.#io.exports;
  }

  /** Calls the second module; a trap drops its instance (a new one is made for the next call), not the set. */
  #ioCall(e, what, body) {
    try {
      return body(e);
    } catch (error) {
      if (error instanceof WebAssembly.RuntimeError) {
        this.#io = null;
        throw new FilesError(`${what}: the WebAssembly module of discs and mods failed (${error.message}); try again`);
      }
      throw error;
    }
  }

  /** Calls the module; a trap closes the set. */
  #call(what, body) {
    if (this.#closed) throw new FilesError(`${what}: ${this.#closed}`);
    try {
      return body(this.#exports);
    } catch (error) {
      if (error instanceof WebAssembly.RuntimeError) {
        this.#closed = `the WebAssembly module failed (${error.message}) and this set of files is closed; open the files again`;
        this.#exports = null;
        throw new FilesError(`${what}: ${this.#closed}`);
      }
      throw error;
    }
  }

  /** `bytes` copied into the memory of a module (its functions named `prefix`_): their pointer. */
  #copyIn(e, bytes, what, prefix = 'ts') {
    const ptr = e[`${prefix}_alloc`](bytes.length);
    if (ptr === 0 && bytes.length > 0) throw new FilesError(`${what}: ${bytes.length} bytes do not fit in the module's memory`);
    new Uint8Array(e.memory.buffer, ptr, bytes.length).set(bytes);
    return ptr;
  }

  /** The last call's result, copied out; a FilesError with its text when `status` says it failed (or is not one of `also`). */
  #result(e, status, prefix = 'ts', also = []) {
    const bytes = new Uint8Array(e.memory.buffer, e[`${prefix}_result_ptr`](), e[`${prefix}_result_len`]()).slice();
    if (status !== OK && !also.includes(status)) throw new FilesError(decoder.decode(bytes));
    return bytes;
  }

  /** Calls `name` with one text argument (then `rest`, then a second text when given). */
  #withText(what, name, text, rest = [], second = null) {
    return this.#call(what, (e) => {
      const bytes = encoder.encode(text);
      const ptr = this.#copyIn(e, bytes, what);
      const more = second === null ? new Uint8Array(0) : encoder.encode(second);
      const morePtr = more.length ? this.#copyIn(e, more, what) : 0;
      const status = e[name](ptr, bytes.length, ...rest, ...(second === null ? [] : [morePtr, more.length]));
      e.ts_free(ptr, bytes.length);
      if (more.length) e.ts_free(morePtr, more.length);
      return this.#result(e, status);
    });
  }

  /**
   * Adds one file ({ name, bytes }); a later file of the same game name is used over an earlier
   * one. A text form is assembled by the second module: give it with `addFiles`.
   */
  add({ name, bytes }) {
    if (looksLikeText(bytes) || isCharclut(name)) {
      throw new FilesError(`${name}: the second module reads this file for the first: give it with addFiles (await files.addFiles([file]))`);
    }
    this.#keep(name, bytes);
  }

  /** Keeps a file in the first module. */
  #keep(name, bytes) {
    this.#call(name, (e) => {
      const nameBytes = encoder.encode(name);
      const namePtr = this.#copyIn(e, nameBytes, name);
      const room = e.ts_check_file(namePtr, nameBytes.length, bytes.length);
      if (room !== OK) {
        e.ts_free(namePtr, nameBytes.length);
        this.#result(e, room);
      }
      // The module takes the bytes' buffer: they are copied once, into it.
      const bytesPtr = this.#copyIn(e, bytes, name);
      const status = e.ts_add_file(namePtr, nameBytes.length, bytesPtr, bytes.length);
      e.ts_free(namePtr, nameBytes.length);
      this.#result(e, status);
    });
    this.#names.push(name);
  }

  /**
   * Adds `files` as `openFiles` takes them; a File (or Blob) longer than any sprite file is read
   * as a disc image (`addDisc`).
   */
  async addFiles(files) {
    for (const file of Array.from(files)) {
      if (typeof Blob !== 'undefined' && file instanceof Blob && file.size > LONGEST_SPRITE_FILE) {
        await this.addDisc(file);
      } else {
        const { name, bytes } = await nameAndBytes(file);
        if (looksLikeText(bytes)) await this.#addPrepared(name, bytes, 'io_asm', 'ts_assembled');
        else if (isCharclut(name)) await this.#addPrepared(name, bytes, 'io_charclut', 'ts_charclut');
        else this.#keep(name, bytes);
      }
    }
  }

  /**
   * Keeps a file the second module reads for the first (`ioFn`), and what it read beside it
   * (`tsFn`): a text form and what it assembles to (`asm`'s code), `charclut.nxd` and its rows.
   * A file that does not read is said, in its one line, when a drawing needs it.
   */
  async #addPrepared(name, bytes, ioFn, tsFn) {
    const io = await this.#ioExports();
    const [status, read] = this.#ioCall(io, name, (e) => {
      const status = this.#ioText(e, ioFn, name, bytes);
      return [status, this.#result(e, status, 'io', [1])];
    });
    this.#keep(name, bytes);
    this.#call(name, (e) => {
      const ptr = this.#copyIn(e, read, name);
      const kept = e[tsFn](status, ptr, read.length);
      e.ts_free(ptr, read.length);
      this.#result(e, kept);
    });
  }

  /** Calls the second module's `fn(name, bytes, ...rest)`; its status. */
  #ioText(e, fn, name, bytes, ...rest) {
    const nameBytes = encoder.encode(name);
    const namePtr = this.#copyIn(e, nameBytes, name, 'io');
    const bytesPtr = this.#copyIn(e, bytes, name, 'io');
    const status = e[fn](namePtr, nameBytes.length, bytesPtr, bytes.length, ...rest);
    e.io_free(namePtr, nameBytes.length);
    e.io_free(bytesPtr, bytes.length);
    return status;
  }

  /**
   * The file given under `name` (any of its names) as `{ name, bytes }`; with `beside`, the game
   * file it stands for given as itself, as `ts_found` packs it (null when none is).
   */
  #found(name, beside = false) {
    try {
      const packed = this.#withText(name, 'ts_found', name, [beside ? 1 : 0]);
      return beside ? packed : unpackNamed(packed);
    } catch (error) {
      if (beside && error instanceof FilesError) return null;
      throw error;
    }
  }

  /**
   * The text `tactics-sprite disasm` writes of the SEQ or SHP given under `name` (any of its
   * names): a SEQ's slots named by the profile of the kind whose SEQ it is.
   */
  async disasm(name) {
    const file = this.#found(name);
    const io = await this.#ioExports();
    const text = this.#ioCall(io, name, (e) => this.#result(e, this.#ioText(e, 'io_disasm', file.name, file.bytes), 'io'));
    return decoder.decode(text);
  }

  /**
   * The bytes `tactics-sprite asm` writes of a text form (text or its UTF-8 bytes); an error is
   * one line naming `name`, the line and the column, as the command line says it.
   */
  async asm(text, name = 'the text') {
    const bytes = typeof text === 'string' ? encoder.encode(text) : text;
    const io = await this.#ioExports();
    const packed = this.#ioCall(io, name, (e) => this.#result(e, this.#ioText(e, 'io_asm', name, bytes), 'io'));
    const count = new DataView(packed.buffer, packed.byteOffset, 4).getUint32(0, true);
    return packed.slice(4 + 4 * count);
  }

  /**
   * The HD pair `tactics-sprite sheet import` writes of the picture of one given under `name`
   * (512 wide; `tex_992.png`, or named as its unit's sheet, `MINA_M.png`): `{ names: ['tex_992.bin',
   * 'tex_993.bin'], upper, lower }`, the pair's unit's SPR given standing for `--palettes-from`
   * and its halves given, when they are, for `--like`.
   */
  async importPair(name, { palette } = {}) {
    const pair = JSON.parse(decoder.decode(this.#withText(name, 'ts_pair_of_picture', name)));
    const picture = this.#found(name);
    const palettes = this.#found(pair.spr, true) ?? new Uint8Array(0);
    const halves = [pair.upper, pair.lower].map((half) => {
      const packed = this.#found(half, true);
      return packed ? unpackNamed(packed).bytes : new Uint8Array(0);
    });
    const io = await this.#ioExports();
    const packed = this.#ioCall(io, name, (e) => {
      const buffers = [palettes, ...halves].map((bytes) => [bytes.length ? this.#copyIn(e, bytes, name, 'io') : 0, bytes.length]);
      const status = this.#ioText(e, 'io_import_pair', picture.name, picture.bytes, ...buffers.flat(), palette ?? 0xFFFFFFFF);
      for (const [ptr, len] of buffers) if (ptr) e.io_free(ptr, len);
      return this.#result(e, status, 'io');
    });
    const upperLen = new DataView(packed.buffer, packed.byteOffset, 4).getUint32(0, true);
    return { names: [pair.upper, pair.lower], upper: packed.slice(4, 4 + upperLen), lower: packed.slice(4 + upperLen) };
  }

  /**
   * What `tactics-sprite export-aseprite` writes for `kind`: `{ name, png, json }`, the atlas and
   * Aseprite's sprite-sheet JSON (Hash) and their name. `request` takes its choices by name, `{
   * name, hold, data, sheet, palette, hd, variant, weapon, weaponPalette, weaponRows,
   * effectPalette }` (`data`: the document's name in the JSON's provenance, default
   * `KIND.json`). The second module draws it from a copy of the files given.
   */
  async aseprite(kind, request = {}) {
    const io = await this.#ioExports();
    while (this.#ioDrawn < this.#names.length) {
      const name = this.#names[this.#ioDrawn];
      const bytes = this.#withText(name, 'ts_file', name);
      this.#ioCall(io, name, (e) => this.#result(e, this.#ioTaken(e, 'io_draw_file', name, bytes), 'io'));
      this.#ioDrawn += 1;
    }
    const packed = this.#ioCall(io, kind, (e) => {
      const text = encoder.encode(JSON.stringify({ ...request, kind }));
      const ptr = this.#copyIn(e, text, kind, 'io');
      const status = e.io_aseprite(ptr, text.length);
      e.io_free(ptr, text.length);
      return this.#result(e, status, 'io');
    });
    const view = new DataView(packed.buffer, packed.byteOffset);
    const nameLen = view.getUint32(0, true);
    const pngLen = view.getUint32(4 + nameLen, true);
    const pngAt = 8 + nameLen;
    return {
      name: decoder.decode(packed.subarray(4, 4 + nameLen)),
      png: packed.slice(pngAt, pngAt + pngLen),
      json: packed.slice(pngAt + pngLen),
    };
  }

  /** Calls the second module's `fn(name, bytes)` whose bytes' buffer it takes; its status. */
  #ioTaken(e, fn, name, bytes) {
    const nameBytes = encoder.encode(name);
    const namePtr = this.#copyIn(e, nameBytes, name, 'io');
    const bytesPtr = this.#copyIn(e, bytes, name, 'io');
    const status = e[fn](namePtr, nameBytes.length, bytesPtr, bytes.length);
    e.io_free(namePtr, nameBytes.length);
    return status;
  }

  /**
   * `/api/v1/source`'s answer: the SEQ text form `kind` was built from, `{ file, text, steps }`
   * (for each sequence, the line of each step's command), or null when its SEQ was given as bytes.
   */
  source(kind) {
    return JSON.parse(decoder.decode(this.#withText(kind, 'ts_source', kind)));
  }

  /**
   * The SPR `tactics-sprite sheet import` writes of the picture given under `name`
   * (`RAMUZA.png`), with the sheet of its name given as itself for what the picture lacks
   * (`--like`), in `palette`'s colours when given.
   */
  async importSheet(name, { palette } = {}) {
    const picture = this.#found(name);
    const packedLike = this.#found(name, true) ?? new Uint8Array(0);
    const io = await this.#ioExports();
    return this.#ioCall(io, name, (e) => {
      const likePtr = packedLike.length ? this.#copyIn(e, packedLike, name, 'io') : 0;
      const status = this.#ioText(e, 'io_import', picture.name, picture.bytes, likePtr, packedLike.length, palette ?? 0xFFFFFFFF);
      if (likePtr) e.io_free(likePtr, packedLike.length);
      return this.#result(e, status, 'io');
    });
  }

  /**
   * Reads the sprite files of a disc image's BATTLE folder (raw or cooked sectors, as `disc
   * extract` takes them) into the set, the image read in place: a File or Blob (in node,
   * `fs.openAsBlob(path)`), of which only the slices the reading asks for are read, each at most
   * a file's sectors. Gives the names the files are kept under (`game.bin:BATTLE/TYPE1.SHP`).
   */
  async addDisc(image, name = image.webkitRelativePath || image.name || 'the disc image') {
    const io = await this.#ioExports();
    this.#ioCall(io, name, (e) => {
      const nameBytes = encoder.encode(name);
      const namePtr = this.#copyIn(e, nameBytes, name, 'io');
      const status = e.io_disc_open(namePtr, nameBytes.length, BigInt(image.size));
      e.io_free(namePtr, nameBytes.length);
      this.#result(e, status, 'io');
    });
    const names = [];
    for (;;) {
      const [status, answer] = this.#ioCall(io, name, (e) => {
        const status = e.io_disc_step();
        return [status, this.#result(e, status, 'io', [NEED, FILE])];
      });
      if (status === OK) return names;
      const view = new DataView(answer.buffer);
      if (status === FILE) {
        const nameLen = view.getUint32(0, true);
        const fileName = decoder.decode(answer.subarray(4, 4 + nameLen));
        this.add({ name: fileName, bytes: answer.subarray(4 + nameLen) });
        names.push(fileName);
        continue;
      }
      const offset = Number(view.getBigUint64(0, true));
      const len = Number(view.getBigUint64(8, true));
      const bytes = new Uint8Array(await image.slice(offset, offset + len).arrayBuffer());
      if (bytes.length !== len) throw new FilesError(`${name}: ${len} bytes at ${offset} asked for, ${bytes.length} read`);
      this.#ioCall(io, name, (e) => {
        const ptr = this.#copyIn(e, bytes, name, 'io');
        this.#result(e, e.io_disc_feed(BigInt(offset), ptr, bytes.length), 'io');
      });
    }
  }

  /** The names (as given) of the files that are not the game's own: the user's edits, each the last given of its name. */
  edits() {
    return JSON.parse(decoder.decode(this.#call('edits', (e) => this.#result(e, e.ts_edits()))));
  }

  /**
   * "Download mod": the zip of a mod of the remaster's mod loader made from the files given, as
   * `tactics-sprite mod new` and `mod add` make it on disk (the same checks, the same places),
   * its one folder named by the mod's ID: what Reloaded-II installs when the zip is dropped on
   * it. `request` takes their choices by name, `{ id, name, author, version, description, mode:
   * 'enhanced' | 'classic' | 'combined', files }`; without `files` (names as given), the edits
   * (`edits()`) go in.
   */
  async modZip({ files, ...request } = {}) {
    const names = files ?? this.edits();
    const io = await this.#ioExports();
    for (const name of names) {
      const bytes = this.#withText(name, 'ts_file', name);
      this.#ioCall(io, name, (e) => {
        const nameBytes = encoder.encode(name);
        const namePtr = this.#copyIn(e, nameBytes, name, 'io');
        const bytesPtr = this.#copyIn(e, bytes, name, 'io');
        const status = e.io_mod_file(namePtr, nameBytes.length, bytesPtr, bytes.length);
        e.io_free(namePtr, nameBytes.length);
        this.#result(e, status, 'io');
      });
    }
    return this.#ioCall(io, 'the mod', (e) => {
      const text = encoder.encode(JSON.stringify(request));
      const ptr = this.#copyIn(e, text, 'the mod', 'io');
      const status = e.io_mod_zip(ptr, text.length);
      e.io_free(ptr, text.length);
      return this.#result(e, status, 'io');
    });
  }

  /** The bytes of memory the set's modules hold now, both (WebAssembly memory is never given back: the peak). */
  memoryBytes() {
    const io = this.#io ? this.#io.exports.memory.buffer.byteLength : 0;
    return this.#call('memory', (e) => e.memory.buffer.byteLength) + io;
  }

  /** What the files can build: `{ files, kinds: [{ kind, layer, files, sheet, sheetFile, palettes, sp2, sp2File, layers, hd, variants }], lacking: [{ kind, layer, missing }] }`. */
  list() {
    return JSON.parse(decoder.decode(this.#call('list', (e) => this.#result(e, e.ts_list()))));
  }

  /** The canonical bytes of `kind`'s document (`type1`, `mon`, `wep1`), as `build-data` writes them. */
  documentBytes(kind) {
    return this.#withText(kind, 'ts_build', kind);
  }

  /** `kind`'s document, parsed. */
  document(kind) {
    return JSON.parse(decoder.decode(this.documentBytes(kind)));
  }

  /**
   * The sheet `name` (`RAMUZA.SPR`, any of its names; a PNG sheet too) drawn with `palette`
   * (default: the first, as `sheet export`): `{ width, height, data }`, `data` its RGBA pixels
   * row by row, what an ImageData holds. An SP2 (`BEHI2.SP2`) has no colours of its own:
   * `sp2Of` names the sheet whose palette draws it (`BEHI.SPR`), as `render` draws it.
   */
  sheet(name, { palette, sp2Of, hd, variant } = {}) {
    const bytes = hd
      ? this.#withText(name, 'ts_hd_sheet', name, [palette ?? 0xFFFFFFFF, variant ?? -0x80000000])
      : this.#withText(name, 'ts_sheet', name, [palette ?? 0xFFFFFFFF], sp2Of ?? '');
    return pixelsOf(bytes);
  }

  /**
   * The box `render` of the same request draws in, `{ left, top, width, height }` in sprite
   * pixels from the stance point, as `/api/v1/canvas` answers it.
   */
  canvas(kind, request = {}) {
    return JSON.parse(decoder.decode(this.#withText(kind, 'ts_canvas', JSON.stringify({ ...request, kind }))));
  }

  /** `kind`'s weapon (WEP1, WEP2 for type2) or effect (EFF1) layer document's canonical bytes, as `/api/v1/layer` answers. */
  layerDocumentBytes(kind, layer) {
    return this.#withText(kind, 'ts_layer', JSON.stringify({ kind, layer }), [0]);
  }

  /** `kind`'s layer document, parsed. */
  layerDocument(kind, layer) {
    return JSON.parse(decoder.decode(this.layerDocumentBytes(kind, layer)));
  }

  /**
   * The block of WEP.SPR `kind`'s `layer` ('weapon' or 'effect') is cut from for `weapon` (`{
   * weapon, weaponPalette, weaponRows, effectPalette }`), as `sheet` gives pixels: what
   * `/api/v1/layer.png` draws.
   */
  layerSheet(kind, layer, weapon) {
    return pixelsOf(this.#withText(kind, 'ts_layer', JSON.stringify({ ...weapon, kind, layer }), [1]));
  }

  /**
   * A PNG of `kind` drawn as `tactics-sprite render` draws it, byte for byte: `request` takes
   * render's choices by name, `{ animation: 'Walk' | ['Walk', ...], frame, allFrames, view: 1 |
   * [1, 5], water, scale, background: 'transparent' | '#rrggbb', labels, columns, sheet, palette,
   * format: 'png' | 'apng' | 'gif' }`, from the sheet the document names unless `sheet` names
   * another file given; `format` is what render's `-o` extension chooses (an animated PNG or GIF).
   */
  render(kind, request = {}) {
    return this.#withText(kind, 'ts_render', JSON.stringify({ ...request, kind }));
  }
}
