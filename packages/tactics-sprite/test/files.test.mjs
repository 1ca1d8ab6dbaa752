// files.mjs held to the command line: every committed document rebuilt from the retail files in
// node, through the WebAssembly module, byte for byte. `cargo test -p sprite-wasm --test node`
// builds the modules and runs this with TACTICS_SPRITE_WASM and TACTICS_SPRITE_IO_WASM (the two), TACTICS_SPRITE_FILES (a
// folder of the retail files), TACTICS_SPRITE_DOCUMENTS (a JSON list of [kind, the committed
// document's path]) and TACTICS_SPRITE_PICTURES (a folder where the native build of the same code
// wrote the sheets' pixels and renders the module must give, listed in its pictures.json) and
// TACTICS_SPRITE_DISC (a cooked image of the retail files, padded to a disc's length). Without
// them these tests are not declared at all, rather than skipped:
// crates/sprite-data/tests/js_runtime.rs runs every test of the package and holds them to
// skipping none.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

import { FilesError, openFiles } from '../files.mjs';

const wasm = process.env.TACTICS_SPRITE_WASM;
const ioWasm = process.env.TACTICS_SPRITE_IO_WASM;
const folder = process.env.TACTICS_SPRITE_FILES;
const declared = Boolean(wasm && folder);
const documents = declared ? JSON.parse(process.env.TACTICS_SPRITE_DOCUMENTS) : [];
const pictures = declared ? process.env.TACTICS_SPRITE_PICTURES : null;
/** `test`, declared only when the module and the files are given. */
const given = declared ? test : () => {};

/** Every file of `dir`, as a page gets them from a folder picked: `BATTLE/NAME`. */
function filesOf(dir) {
  return fs.readdirSync(dir).sort().map((name) => ({
    name: `BATTLE/${name}`,
    bytes: fs.readFileSync(path.join(dir, name)),
  }));
}

function retailFiles() {
  return filesOf(folder);
}

given('every committed document is rebuilt through the WebAssembly module byte for byte', async () => {
  const files = await openFiles(retailFiles(), { wasm });
  const built = new Set(files.list().kinds.map((k) => k.kind));
  assert.ok(documents.length > 0, 'no documents to compare');
  for (const [kind, committed] of documents) {
    assert.ok(built.has(kind), `${kind}: the list says its files are not there`);
    const bytes = files.documentBytes(kind);
    assert.ok(Buffer.from(bytes).equals(fs.readFileSync(committed)), `${kind}: differs from ${committed}`);
  }
});

given('the TYPE1 document has the sha256 on record', async () => {
  const files = await openFiles(retailFiles(), { wasm });
  const digest = createHash('sha256').update(files.documentBytes('type1')).digest('hex');
  assert.equal(digest, process.env.TACTICS_SPRITE_TYPE1_SHA256);
});

given('a truncated SHP is an error naming the file and the offset, and the set goes on', async () => {
  const shp = fs.readFileSync(path.join(folder, 'TYPE1.SHP'));
  const seq = fs.readFileSync(path.join(folder, 'TYPE1.SEQ'));
  const files = await openFiles([{ name: 'TYPE1.SHP', bytes: shp.subarray(0, 100) }, { name: 'TYPE1.SEQ', bytes: seq }], { wasm });
  assert.throws(() => files.documentBytes('type1'), (error) => {
    assert.ok(error instanceof FilesError);
    assert.match(error.message, /^TYPE1\.SHP: /);
    assert.match(error.message, /0x[0-9a-f]+/i);
    return true;
  });
  // The same set answers the next call: the error was said, not a trap.
  files.add({ name: 'TYPE1.SHP', bytes: shp });
  assert.equal(createHash('sha256').update(files.documentBytes('type1')).digest('hex'), process.env.TACTICS_SPRITE_TYPE1_SHA256);
});

given('a kind whose files are missing is an error naming them', async () => {
  const files = await openFiles([], { wasm });
  assert.throws(() => files.documentBytes('mon'), /MON\.SHP \(or battle_mon_shp\.bin\)/);
  assert.throws(() => files.documentBytes('nothing'), FilesError);
});

given('a file over the cap of any sprite file is refused before it is kept', async () => {
  const files = await openFiles([], { wasm });
  assert.throws(() => files.add({ name: 'BIG.SHP', bytes: new Uint8Array(5 << 20) }), /^FilesError: BIG\.SHP: 5242880 bytes/);
});

given('a disc image is read in place, a slice at a time, never whole into memory', async () => {
  const image = process.env.TACTICS_SPRITE_DISC;
  const blob = await fs.openAsBlob(image);
  const files = await openFiles([], { wasm, ioWasm });
  const before = files.memoryBytes();
  const names = await files.addDisc(blob, path.basename(image));
  const after = files.memoryBytes();
  assert.ok(names.includes(`${path.basename(image)}:BATTLE/TYPE1.SEQ`), names.join(', '));
  const digest = createHash('sha256').update(files.documentBytes('type1')).digest('hex');
  assert.equal(digest, process.env.TACTICS_SPRITE_TYPE1_SHA256);
  // The modules' memory is never given back: `after` is the peak, both modules' (the second made
  // for the image). The image is 512 MiB more than its sprite files; what the reading may hold
  // is a file's sectors (8 MiB at most), and the files read are kept.
  assert.ok(blob.size > 512 * 2 ** 20, `the image is ${blob.size} bytes`);
  assert.ok(after - before < 32 * 2 ** 20, `the memory grew from ${before} to ${after} bytes`);
  console.log(`disc image of ${blob.size} bytes: ${names.length} files read; the module's memory ${before} bytes before, ${after} after`);
});

given('a disc image that is not ISO 9660 is one error naming it', async () => {
  const files = await openFiles([], { wasm, ioWasm });
  const noise = new Blob([new Uint8Array(5 << 20).fill(0x5a)]);
  await assert.rejects(files.addDisc(noise, 'noise.iso'), /^FilesError: noise\.iso: /);
  // Given among files, a file longer than any sprite file is read as an image.
  await assert.rejects(openFiles([new File([noise], 'noise.bin')], { wasm, ioWasm }), /^FilesError: noise\.bin: /);
});

/** Every file below `dir`, by its path from `under` with `/` between the parts, as base64. */
function tree(dir, under = dir, out = {}) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const at = path.join(dir, entry.name);
    if (entry.isDirectory()) tree(at, under, out);
    else out[path.relative(under, at).split(path.sep).join('/')] = fs.readFileSync(at).toString('base64');
  }
  return out;
}

given('"Download mod" gives a zip whose tree is what mod new and mod add write', async () => {
  const dir = process.env.TACTICS_SPRITE_MOD;
  const id = process.env.TACTICS_SPRITE_MOD_ID;
  const input = path.join(dir, 'input');
  const edits = fs.readdirSync(input).sort().map((name) => ({ name, bytes: fs.readFileSync(path.join(input, name)) }));
  // The retail files given as well: only what is not retail goes into the mod.
  const files = await openFiles([...retailFiles(), ...edits], { wasm, ioWasm });
  assert.deepEqual(files.edits(), ['BEHI.SPR', 'type1.seq.txt']);
  const zip = await files.modZip({ id, name: process.env.TACTICS_SPRITE_MOD_NAME });
  const zipPath = path.join(dir, 'mod.zip');
  fs.writeFileSync(zipPath, zip);
  // Python's zipfile reads it, each entry's CRC-32 checked (testzip).
  const listed = JSON.parse(execFileSync('python3', ['-c', `
import base64, json, sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as z:
    assert z.testzip() is None, z.testzip()
    print(json.dumps({i.filename: base64.b64encode(z.read(i)).decode() for i in z.infolist()}))
`, zipPath], { encoding: 'utf8' }));
  const onDisk = tree(path.join(dir, 'disk'));
  assert.deepEqual(Object.keys(listed).sort(), Object.keys(onDisk).sort());
  assert.deepEqual(listed, onDisk);
  assert.ok(Object.keys(listed).some((name) => name.endsWith('/fftpack/unit/battle_type1_seq.bin')), Object.keys(listed).join(', '));
  await assert.rejects(files.modZip({ id: 'bad id/..', name: 'x' }), /^FilesError: the mod ID/);
});

given('every sheet\'s pixels and every render are the native build\'s, byte for byte', async () => {
  const manifest = JSON.parse(fs.readFileSync(path.join(pictures, 'pictures.json'), 'utf8'));
  const files = await openFiles([...retailFiles(), ...manifest.sheetFolders.flatMap(filesOf)], { wasm });
  assert.ok(manifest.sheets.length > 0 && manifest.renders.length > 0, 'nothing to compare');
  for (const { name, sp2Of, width, height, pixels } of manifest.sheets) {
    const sheet = files.sheet(name, { sp2Of: sp2Of ?? undefined });
    assert.deepEqual([sheet.width, sheet.height], [width, height], name);
    assert.ok(Buffer.from(sheet.data).equals(fs.readFileSync(path.join(pictures, pixels))), `${name}: the pixels differ`);
  }
  for (const { kind, request, png } of manifest.renders) {
    const bytes = files.render(kind, request);
    assert.ok(Buffer.from(bytes).equals(fs.readFileSync(path.join(pictures, png))), `${kind} ${JSON.stringify(request)}: the PNG differs`);
  }
  assert.throws(() => files.render('type1', { animation: 'Walk', view: 9 }), /view 9/);
});
