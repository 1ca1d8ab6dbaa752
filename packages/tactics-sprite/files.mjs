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
// A file that is not what it should be gives a FilesError whose message names the file, the byte
// offset and what was expected, as the command line says it. Nothing the module is given stops
// it: the module's memory is capped, and should it fail all the same (a WebAssembly trap), the
// set it held is closed with a FilesError saying so, and the page goes on.

const OK = 0;

/** An error the files gave (its message names the file, the offset and what was expected). */
export class FilesError extends Error {
  constructor(message) {
    super(message);
    this.name = 'FilesError';
  }
}

let compiled = null;

/** The module compiled once, from `source` (a URL, a path in node, bytes or a module). */
async function compile(source) {
  if (source instanceof WebAssembly.Module) return source;
  if (source instanceof ArrayBuffer || ArrayBuffer.isView(source)) return WebAssembly.compile(source);
  const url = source ?? new URL('./files.wasm', import.meta.url);
  const href = String(url);
  if (href.startsWith('file:') || (typeof process === 'object' && !/^[a-z]+:/i.test(href))) {
    const { readFile } = await import('node:fs/promises');
    return WebAssembly.compile(await readFile(href.startsWith('file:') ? new URL(href) : href));
  }
  const response = await fetch(url);
  if (!response.ok) throw new FilesError(`${href}: ${response.status} ${response.statusText}`);
  return WebAssembly.compile(await response.arrayBuffer());
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
 * WebAssembly.Module). Throws a FilesError naming a file the set cannot hold (over the caps).
 */
export async function openFiles(files, options = {}) {
  if (!compiled || options.wasm) compiled = compile(options.wasm);
  const module = await compiled;
  const instance = await WebAssembly.instantiate(module, {});
  const set = new FileSet(instance);
  for (const file of Array.from(files)) set.add(await nameAndBytes(file));
  return set;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** The files given, in one instance of the module. */
export class FileSet {
  #exports;
  #closed = null;

  constructor(instance) {
    this.#exports = instance.exports;
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

  /** `bytes` copied into the module's memory: its pointer. */
  #copyIn(e, bytes, what) {
    const ptr = e.ts_alloc(bytes.length);
    if (ptr === 0 && bytes.length > 0) throw new FilesError(`${what}: ${bytes.length} bytes do not fit in the module's memory`);
    new Uint8Array(e.memory.buffer, ptr, bytes.length).set(bytes);
    return ptr;
  }

  /** The last call's result, copied out; a FilesError with its text when `status` says it failed. */
  #result(e, status) {
    const bytes = new Uint8Array(e.memory.buffer, e.ts_result_ptr(), e.ts_result_len()).slice();
    if (status !== OK) throw new FilesError(decoder.decode(bytes));
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

  /** Adds one file ({ name, bytes }); a later file of the same game name is used over an earlier one. */
  add({ name, bytes }) {
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
  }

  /** What the files can build: `{ files, kinds: [{ kind, layer, files, sheet, sheetFile }], lacking: [{ kind, layer, missing }] }`. */
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
  sheet(name, { palette, sp2Of } = {}) {
    const bytes = this.#withText(name, 'ts_sheet', name, [palette ?? 0xFFFFFFFF], sp2Of ?? '');
    const header = new DataView(bytes.buffer, bytes.byteOffset, 8);
    const width = header.getUint32(0, true);
    const height = header.getUint32(4, true);
    return { width, height, data: new Uint8ClampedArray(bytes.buffer, bytes.byteOffset + 8, width * height * 4) };
  }

  /**
   * A PNG of `kind` drawn as `tactics-sprite render` draws it, byte for byte: `request` takes
   * render's choices by name, `{ animation: 'Walk' | ['Walk', ...], frame, allFrames, view: 1 |
   * [1, 5], water, scale, background: 'transparent' | '#rrggbb', labels, columns, sheet, palette }`,
   * from the sheet the document names unless `sheet` names another file given.
   */
  render(kind, request = {}) {
    return this.#withText(kind, 'ts_render', JSON.stringify({ ...request, kind }));
  }
}
