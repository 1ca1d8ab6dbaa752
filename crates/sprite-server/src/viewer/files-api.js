// The viewer's answers when it is opened alone (source.js): the API's paths answered from the
// files the user gave, read by the package's WebAssembly module (files.mjs), in the shapes
// `serve` answers them (crates/sprite-server/README.md "The endpoints"), so that the viewer draws
// the same whichever answered. What the files cannot answer is refused as the server refuses it:
// a JSON `{ error }` with the status the viewer reads (404 for what is not there, 422 for what
// the files lack or get wrong).
//
// The module itself comes with the page: files-wasm.js holds it as base64 (a page opened from
// disk may not fetch), and files-io-wasm.js the second module (disc images, mods), loaded only
// when one is first needed.

import { LONGEST_SPRITE_FILE, looksLikeText, openFiles } from '/files.mjs';

/// The files given, one set for the page (each later file of a name used over the earlier).
let files = null;
/// What the set lists (`files.list()`), worked out again when files are given.
let listing = null;
/// The names (as given) of the text forms given (`type1.seq.txt`): a kind whose SEQ is one was
/// built from a text, which `/api/v1/source` gives.
const texts = new Set();

/// Bytes from base64.
function fromBase64(base64) {
  // The browser's own decoder where it has one: the loop below, over a megabyte's characters,
  // runs once and unoptimised (about 20 ms of the first frame's time in a profile).
  if (typeof Uint8Array.fromBase64 === 'function') return Uint8Array.fromBase64(base64);
  const text = atob(base64);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

/// The second module's bytes (discs and mods), its script loaded the first time it is needed.
function ioWasmBytes() {
  if (typeof TACTICS_SPRITE_IO_WASM === 'string') return Promise.resolve(fromBase64(TACTICS_SPRITE_IO_WASM));
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = 'files-io-wasm.js';
    script.onload = () => resolve(fromBase64(TACTICS_SPRITE_IO_WASM));
    script.onerror = () => reject(new Error('files-io-wasm.js (the module of discs and mods) could not be loaded'));
    document.head.append(script);
  });
}

/// Adds `list` (a FileList, File[]; a disc image among them is read in place) to the files
/// given, opening the set the first time. Gives the module's memory before and after, in bytes.
export async function giveFiles(list) {
  if (!files) files = await openFiles([], { wasm: fromBase64(TACTICS_SPRITE_WASM), ioWasm: ioWasmBytes });
  const before = files.memoryBytes();
  for (const file of Array.from(list)) {
    if (file.size > LONGEST_SPRITE_FILE) continue;
    if (looksLikeText(new Uint8Array(await file.slice(0, 4096).arrayBuffer()))) texts.add(file.webkitRelativePath || file.name);
  }
  try {
    await files.addFiles(list);
  } finally {
    listing = null;
    drawable = null;
  }
  return { before, after: files.memoryBytes() };
}

/// The set of files given, or null before any: for what is no API path ("Download mod").
export const fileSet = () => files;

/// The unit kinds the files can draw (with their sheet), as `/api/v1/kinds` lists them
/// (`kinds()`), worked out again when files are given.
let drawable = null;

/// What the files can build, `files.list()`: each kind's files, sheet, SP2, layers, HD pair and
/// Ramza's variants.
function listed() {
  listing ??= files ? files.list() : { kinds: [], lacking: [] };
  return listing;
}

/// `/api/v1/kinds`' entries, from the listing: a kind's text is a text form given for its SEQ.
function kinds() {
  drawable ??= listed().kinds.filter((k) => !k.layer && k.sheetFile).map((k) => ({
    kind: k.kind,
    sheet: k.palettes > 0 ? 'spr' : 'png',
    sheetFile: k.sheetFile,
    palettes: k.palettes,
    ...(k.sp2 ? { sp2: k.sp2File ? 'spr' : 'missing', sp2File: k.sp2File ?? k.sp2 } : {}),
    ...(k.layers ? { layers: k.layers } : {}),
    ...(k.hd ? { hd: k.hd } : {}),
    ...(k.variants ? { variants: k.variants } : {}),
    ...(texts.has(k.files[1]) ? { source: k.files[1] } : {}),
    origin: `built from ${k.files.join(' and ')}, given`,
  }));
  return drawable;
}

/// What the files lack for the kinds they cannot draw, in one line (for a page given none).
export function lacking() {
  const { kinds: buildable, lacking: unbuildable } = listed();
  const noSheet = buildable.filter((k) => !k.layer && !k.sheetFile).map((k) => `${k.kind} (${k.sheet})`);
  const noPair = unbuildable.filter((k) => !k.layer).map((k) => `${k.kind} (${k.missing.join(', ')})`);
  return [...noSheet, ...noPair].join('; ');
}

/// An error answer, as the server words one.
function refusal(status, error, parameter) {
  return new Response(JSON.stringify(parameter ? { error, parameter } : { error }),
    { status, headers: { 'Content-Type': 'application/json' } });
}

const json = (value) => new Response(JSON.stringify(value), { headers: { 'Content-Type': 'application/json' } });

/// The kind `query` names (the first drawn when it names none), or a refusal.
function kindOf(query) {
  const listed = kinds();
  const name = query.get('kind');
  const kind = name === null ? listed[0] : listed.find((k) => k.kind === name);
  if (!kind) {
    const error = listed.length ? `no kind ${name} among the files given (${listed.map((k) => k.kind).join(', ')})` : 'no files given';
    throw refusal(404, error, 'kind');
  }
  return kind;
}

/// Whether the switch `key` is on (`water=1`).
const switchedOn = (query, key) => ['1', 'true', ''].includes(query.get(key));

/// The sheet `query`'s `sheet=` names among `kind`'s (by its name or its file, any case), as
/// `/api/v1/kinds` lists them; the kind's own without one.
function sheetOf(kind, query) {
  const wanted = (query.get('sheet') ?? '').toLowerCase();
  if (wanted === '') return { file: kind.sheetFile, palettes: kind.palettes, sp2: kind.sp2 === 'spr' ? kind.sp2File : null };
  const found = (kind.sheets ?? []).find((s) => s.name.toLowerCase() === wanted || s.file.toLowerCase() === wanted);
  if (!found) throw refusal(404, `sheet=${query.get('sheet')}: no sheet of kind ${kind.kind} of that name among the files given`, 'sheet');
  return { file: found.file, palettes: found.palettes, sp2: found.sp2 ?? null };
}

/// The weapon `query` holds (`weapon=`, `weapon-palette=`, `weapon-rows=`, `effect-palette=`),
/// by files.mjs's names; none without `weapon=`.
function weaponOf(query) {
  if (!query.has('weapon')) return {};
  const weapon = { weapon: query.get('weapon') };
  for (const [key, name] of [['weapon-palette', 'weaponPalette'], ['weapon-rows', 'weaponRows'], ['effect-palette', 'effectPalette']]) {
    if (query.has(key)) weapon[name] = Number(query.get(key));
  }
  return weapon;
}

/// The HD switch and Ramza's variant on `query` (`hd=1`, `variant=N`), by files.mjs's names.
function hdOf(query) {
  const hd = {};
  if (switchedOn(query, 'hd')) hd.hd = true;
  if (query.has('variant')) hd.variant = Number(query.get('variant'));
  return hd;
}

/// `render`'s choices (files.mjs's request) from the API's query, for `kind`.
function renderRequest(kind, query) {
  const request = { ...weaponOf(query), ...hdOf(query) };
  if (query.has('sheet')) request.sheet = sheetOf(kind, query).file;
  if (query.has('frame')) request.frame = Number(query.get('frame'));
  else if (switchedOn(query, 'all')) request.allFrames = true;
  else request.animation = query.getAll('animation');
  if (query.has('view')) request.view = query.get('view').split(',').map(Number);
  if (switchedOn(query, 'water')) request.water = true;
  if (switchedOn(query, 'labels')) request.labels = true;
  for (const key of ['palette', 'scale', 'columns']) {
    if (query.has(key)) request[key] = Number(query.get(key));
  }
  if (query.has('background')) request.background = query.get('background');
  return request;
}

/// A picture answer: the pixels decoded already (source.js's pictureOf takes them as they are).
async function picture(pixels) {
  const response = new Response(null, { headers: { 'Content-Type': 'image/png' } });
  const image = new ImageData(pixels.data, pixels.width, pixels.height);
  response.picture = await createImageBitmap(image, { colorSpaceConversion: 'none', premultiplyAlpha: 'none' });
  return response;
}

/// The palette `query` names, for a sheet with `count` palettes (none: the first).
function paletteOf(query, count) {
  if (!query.has('palette')) return undefined;
  const palette = Number(query.get('palette'));
  if (!Number.isInteger(palette) || palette < 0 || palette >= count) {
    throw refusal(400, `palette=${query.get('palette')}: the sheet has ${count} palettes`, 'palette');
  }
  return palette;
}

const MEDIA = { 'render.png': 'image/png', 'render.apng': 'image/apng', 'render.gif': 'image/gif' };

/// The answer to one API path.
async function answered(path, query) {
  switch (path) {
    case '/api/v1/kinds':
      return json(kinds());
    case '/api/v1/data':
      return new Response(files.documentBytes(kindOf(query).kind), { headers: { 'Content-Type': 'application/json' } });
    case '/api/v1/source': {
      const source = files.source(kindOf(query).kind);
      return source ? json(source) : refusal(404, `kind ${query.get('kind')} was not built from a SEQ text form given`);
    }
    case '/api/v1/sheet.png': {
      const kind = kindOf(query);
      const sheet = sheetOf(kind, query);
      return picture(files.sheet(sheet.file, { palette: paletteOf(query, sheet.palettes), ...hdOf(query) }));
    }
    case '/api/v1/sp2.png': {
      const kind = kindOf(query);
      const sheet = sheetOf(kind, query);
      if (!sheet.sp2) throw refusal(422, `kind ${kind.kind}: ${kind.sp2File ?? 'its SP2'} is not among the files given`);
      return picture(files.sheet(sheet.sp2, { palette: paletteOf(query, sheet.palettes), sp2Of: sheet.file }));
    }
    case '/api/v1/layer':
      return new Response(files.layerDocumentBytes(kindOf(query).kind, query.get('layer')),
        { headers: { 'Content-Type': 'application/json' } });
    case '/api/v1/layer.png':
      return picture(files.layerSheet(kindOf(query).kind, query.get('layer'), weaponOf(query)));
    case '/api/v1/canvas': {
      const kind = kindOf(query);
      return json(files.canvas(kind.kind, renderRequest(kind, query)));
    }
    case '/api/v1/render.png':
    case '/api/v1/render.apng':
    case '/api/v1/render.gif': {
      const name = path.slice('/api/v1/'.length);
      const format = name.slice('render.'.length);
      const kind = kindOf(query);
      const bytes = files.render(kind.kind, { ...renderRequest(kind, query), format });
      return new Response(bytes, { headers: { 'Content-Type': MEDIA[name] } });
    }
    case '/api/v1/changes':
      // Nothing watches files on disk here: a file given redraws through the page.
      return json({ watching: false });
    case '/api/v1/sas/sets':
      return json([]);
    default:
      return refusal(404, `${path} is not answered from the files given`);
  }
}

/// The answer to `url` (an API path and query) from the files given, a `Response` as `fetch`
/// would give it: an error the files gave (a FilesError, naming the file) is a 422 saying it.
export async function answerFromFiles(url) {
  const { pathname, searchParams } = new URL(url, 'file:///');
  try {
    return await answered(pathname, searchParams);
  } catch (error) {
    if (error instanceof Response) return error;
    if (error?.name === 'FilesError') return refusal(422, error.message);
    return refusal(500, String(error?.message ?? error));
  }
}

/// What `tactics-sprite export-aseprite` writes for what `query` (a render's parameters: the
/// kind, its sheet, palette, HD switch, variant and weapon) draws from: `{ name, png, json }`.
/// The animation, view and water are not the export's: it holds every sequence.
export async function asepriteOf(query) {
  const kind = kindOf(query);
  const { animation, frame, allFrames, view, water, labels, scale, columns, background, ...drawn } = renderRequest(kind, query);
  return files.aseprite(kind.kind, drawn);
}
