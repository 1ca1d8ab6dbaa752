// files.mjs held to the command line: every committed document rebuilt from the retail files in
// node, through the WebAssembly module, byte for byte. `cargo test -p sprite-wasm --test node`
// builds the module and runs this with TACTICS_SPRITE_WASM (the module), TACTICS_SPRITE_FILES (a
// folder of the retail files), TACTICS_SPRITE_DOCUMENTS (a JSON list of [kind, the committed
// document's path]) and TACTICS_SPRITE_PICTURES (a folder where the native build of the same code
// wrote the sheets' pixels and renders the module must give, listed in its pictures.json). Without them these tests are not declared at all, rather than skipped:
// crates/sprite-data/tests/js_runtime.rs runs every test of the package and holds them to
// skipping none.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

import { FilesError, openFiles } from '../files.mjs';

const wasm = process.env.TACTICS_SPRITE_WASM;
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
