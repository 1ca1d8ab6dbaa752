// files.mjs's text forms and pictures held to the command line, byte for byte:
// crates/tactics-sprite/tests/commands/wasm_files.rs has the command line write what `disasm`,
// `asm`, `build` + `render` and `sheet import` make of the retail files, an edited SEQ text and a
// repainted sheet, and runs this with TACTICS_SPRITE_WASM and TACTICS_SPRITE_IO_WASM (the two
// modules) and TACTICS_SPRITE_CLI (`{ input, cli }`: the folder of the files given, the folder of
// what the command line wrote). Without them these tests are not declared at all, rather than
// skipped: crates/sprite-data/tests/js_runtime.rs runs every test of the package and holds them
// to skipping none.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

import { FilesError, openFiles } from '../files.mjs';

const wasm = process.env.TACTICS_SPRITE_WASM;
const ioWasm = process.env.TACTICS_SPRITE_IO_WASM;
const folders = process.env.TACTICS_SPRITE_CLI ? JSON.parse(process.env.TACTICS_SPRITE_CLI) : null;
const given = wasm && ioWasm && folders ? test : () => {};

/** The files of the input folder named, as a page gets them. */
function inputs(...names) {
  return names.map((name) => ({ name, bytes: fs.readFileSync(path.join(folders.input, name)) }));
}

/** What the command line wrote under `name`. */
function cli(name) {
  return fs.readFileSync(path.join(folders.cli, name));
}

const RETAIL = ['TYPE1.SHP', 'TYPE1.SEQ', 'WEP1.SHP', 'RAMUZA.SPR'];
const WALK = { animation: 'Walk', view: 1 };

given('disasm gives the text the command line writes, for a SEQ, a unit SHP and a weapon SHP', async () => {
  const files = await openFiles(inputs(...RETAIL), { wasm, ioWasm });
  for (const name of ['TYPE1.SEQ', 'TYPE1.SHP', 'WEP1.SHP']) {
    assert.equal(await files.disasm(name), cli(`${name}.txt`).toString('utf8'), name);
  }
  // Its remaster name finds it too, and a sheet has no text form.
  assert.equal(await files.disasm('battle_type1_seq.bin'), cli('TYPE1.SEQ.txt').toString('utf8'));
  await assert.rejects(files.disasm('RAMUZA.SPR'), /^FilesError: RAMUZA\.SPR: this is an SPR sprite sheet, which has no text form/);
});

given('asm gives the bytes the command line writes, and its one-line error', async () => {
  const files = await openFiles([], { wasm, ioWasm });
  const [text, bad] = inputs('type1.seq.txt', 'bad.seq.txt');
  assert.ok(Buffer.from(await files.asm(text.bytes, 'type1.seq.txt')).equals(cli('retimed.SEQ')));
  assert.ok(Buffer.from(await files.asm(text.bytes.toString('utf8'), 'type1.seq.txt')).equals(cli('retimed.SEQ')));
  const said = cli('bad.seq.txt.error').toString('utf8').replace(/^tactics-sprite: /, '').trimEnd();
  assert.match(said, /^bad\.seq\.txt: line 3, column 1: /);
  await assert.rejects(files.asm(bad.bytes, 'bad.seq.txt'), (error) => {
    assert.ok(error instanceof FilesError);
    assert.equal(error.message, said);
    return true;
  });
});

given('an edited SEQ text given after the retail files retimes Walk as build and render do', async () => {
  const retail = await openFiles(inputs(...RETAIL), { wasm, ioWasm });
  const before = retail.render('type1', { ...WALK, format: 'apng' });
  assert.equal(retail.source('type1'), null);
  await retail.addFiles(inputs('type1.seq.txt'));
  const after = retail.render('type1', { ...WALK, format: 'apng' });
  assert.ok(Buffer.from(after).equals(cli('walk-retimed.apng')), 'the render differs from render --data of build --seq type1.seq.txt');
  assert.ok(!Buffer.from(after).equals(Buffer.from(before)), 'the retiming changed nothing');
  assert.ok(Buffer.from(retail.documentBytes('type1')).equals(cli('retimed.json')));
  // `/api/v1/source`'s answer: the text, and the line of each step's command. Walk's front
  // (sequence 6's first step) plays the line the edit changed.
  const source = retail.source('type1');
  const text = fs.readFileSync(path.join(folders.input, 'type1.seq.txt'), 'utf8');
  assert.equal(source.file, 'type1.seq.txt');
  assert.equal(source.text, text);
  const walk = retail.document('type1').animations.find((a) => a.name === 'Walk');
  const line = text.split('\n')[source.steps[walk.front][0] - 1];
  assert.match(line, /^\s*Frame 11 12\b/);
  // A text that does not assemble, given later, is said when the document is built: one line.
  await retail.addFiles([{ name: 'type1.seq.txt', bytes: inputs('bad.seq.txt')[0].bytes }]);
  assert.throws(() => retail.documentBytes('type1'), /^FilesError: type1\.seq\.txt: line 3, column 1: /);
  // Given with the synchronous add, a text form is refused: addFiles assembles it.
  assert.throws(() => retail.add(inputs('type1.seq.txt')[0]), /addFiles/);
  assert.throws(() => retail.add(inputs('charclut.nxd')[0]), /addFiles/);
});

given('a repainted sheet picture imports to the SPR sheet import writes, and is drawn from at once', async () => {
  const files = await openFiles(inputs(...RETAIL, 'RAMUZA.png'), { wasm, ioWasm });
  assert.ok(Buffer.from(await files.importSheet('RAMUZA.png')).equals(cli('RAMUZA.imported.SPR')));
  const walk = files.render('type1', WALK);
  assert.ok(Buffer.from(walk).equals(cli('walk-repainted.png')), 'the render differs from render --sheet RAMUZA.png');
  await assert.rejects(files.importSheet('TYPE1.SHP'), /^FilesError: TYPE1\.SHP: not a PNG picture/);
});

given('a unit holding a weapon is drawn as render --weapon draws it, from the layer files given', async () => {
  const files = await openFiles(inputs(...RETAIL, 'WEP1.SEQ', 'EFF1.SHP', 'EFF1.SEQ', 'WEP.SPR'), { wasm, ioWasm });
  const swing = { animation: 'Swing High', view: 1, format: 'apng', weapon: 'sword' };
  const listed = files.list().kinds.find((k) => k.kind === 'type1');
  assert.deepEqual([listed.layers, listed.hd, listed.variants], [['wep1', 'eff1'], null, null]);
  assert.ok(Buffer.from(files.render('type1', swing)).equals(cli('sword.apng')), 'the render differs from render --weapon sword');
  // The layer documents are the committed ones (build-data's), as /api/v1/layer answers them.
  const [wep1, eff1] = folders.layers;
  assert.ok(Buffer.from(files.layerDocumentBytes('type1', 'weapon')).equals(fs.readFileSync(wep1)));
  assert.ok(Buffer.from(files.layerDocumentBytes('type1', 'effect')).equals(fs.readFileSync(eff1)));
  assert.equal(files.layerDocument('type1', 'effect').kind, 'eff1');
  // The weapons block: 256 wide, as the layer cuts its cells from it.
  const block = files.layerSheet('type1', 'weapon', { weapon: 'sword' });
  assert.equal(block.width, 256);
  assert.equal(block.data.length, block.width * block.height * 4);
  // The canvas of the same request: the APNG's size at scale 1.
  const box = files.canvas('type1', { animation: 'Swing High', view: 1, weapon: 'sword' });
  const png = cli('sword.apng');
  assert.deepEqual([box.width, box.height], [png.readUInt32BE(16), png.readUInt32BE(20)]);
  assert.throws(() => files.render('type1', { ...swing, weapon: 'spoon' }), /^FilesError: .*spoon/);
  assert.throws(() => files.render('type1', { animation: 'Walk', weaponPalette: 3 }), /give weapon too/);
});

given('from an HD pair given, twice the size, as render --sheet tex_N.bin draws it (Ramza in charclut.nxd\'s row)', async () => {
  const files = await openFiles(inputs(...RETAIL, 'tex_992.bin', 'tex_993.bin', 'battle_mina_m_spr.bin', 'tex_830.bin', 'tex_831.bin', 'charclut.nxd'), { wasm, ioWasm });
  const walk = { ...WALK, format: 'apng', hd: true };
  const listed = files.list().kinds.find((k) => k.kind === 'type1');
  assert.deepEqual([listed.layers, listed.hd], [null, ['tex_830.bin', 'tex_831.bin']]);
  assert.ok(listed.variants.includes(0) && listed.variants.includes(1), JSON.stringify(listed.variants));
  assert.ok(Buffer.from(files.render('type1', { ...walk, sheet: 'MINA_M.SPR' })).equals(cli('walk-hd.apng')), 'the squire\'s HD render differs');
  assert.ok(Buffer.from(files.render('type1', { ...walk, variant: 1 })).equals(cli('walk-ramza-1.apng')), 'Ramza\'s variant 1 differs');
  const sheet = files.sheet('MINA_M.SPR', { hd: true });
  assert.deepEqual([sheet.width, sheet.height], [512, 976]);
  assert.throws(() => files.render('type1', { ...walk, variant: 99 }), /^FilesError: .*99/);
  assert.throws(() => files.render('type1', { ...walk, sheet: 'MINA_M.SPR', variant: 1 }), /^FilesError: variant/);
});

given('the Aseprite export is the atlas and the JSON export-aseprite writes', async () => {
  const files = await openFiles(inputs(...RETAIL, 'WEP1.SEQ', 'EFF1.SHP', 'EFF1.SEQ', 'WEP.SPR'), { wasm, ioWasm });
  const plain = await files.aseprite('type1', { data: 'type1.json' });
  const written = path.join(folders.cli, 'aseprite');
  const names = fs.readdirSync(written).sort();
  assert.ok(names.includes(`${plain.name}.png`) && names.includes(`${plain.name}.json`), `${plain.name}: ${names.join(', ')}`);
  assert.ok(Buffer.from(plain.png).equals(fs.readFileSync(path.join(written, `${plain.name}.png`))), 'the atlas differs');
  assert.equal(Buffer.from(plain.json).toString('utf8'), fs.readFileSync(path.join(written, `${plain.name}.json`), 'utf8'));
  const sword = await files.aseprite('type1', { data: 'type1.json', name: 'sword', hold: 30, weapon: 'sword' });
  assert.ok(Buffer.from(sword.png).equals(fs.readFileSync(path.join(written, 'sword.png'))), 'the sword atlas differs');
  assert.equal(Buffer.from(sword.json).toString('utf8'), fs.readFileSync(path.join(written, 'sword.json'), 'utf8'));
  // Files given later are drawn from in the next export; a bad name is one error.
  await assert.rejects(files.aseprite('type1', { name: '../x' }), /^FilesError: name "\.\.\/x" must be a plain file name/);
});

/** A PNG of `width` x `height` 8-bit RGBA pixels that is its header alone (and an empty IDAT). */
function pngHeader(width, height) {
  const chunk = (type, data) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(zlib.crc32(body), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', Buffer.alloc(0)), chunk('IEND', Buffer.alloc(0))]);
}

given('hostile pictures, pairs and texts are one error each, refused before they are allocated, and the set goes on', async () => {
  const files = await openFiles(inputs(...RETAIL), { wasm, ioWasm });
  const before = files.memoryBytes();
  // A picture that says it is 60,000 x 60,000 (14.4 GB of RGBA) given as RAMUZA.SPR's picture.
  await files.addFiles([{ name: 'RAMUZA.png', bytes: pngHeader(60000, 60000) }]);
  assert.throws(() => files.render('type1', WALK), /^FilesError: RAMUZA\.png: /);
  assert.throws(() => files.sheet('RAMUZA.SPR'), /^FilesError: RAMUZA\.png: /);
  await assert.rejects(files.importSheet('RAMUZA.png'), /^FilesError: RAMUZA\.png: /);
  await assert.rejects(files.aseprite('type1'), /^FilesError: RAMUZA\.png: /);
  assert.ok(files.memoryBytes() - before < 32 * 2 ** 20, `the memory grew from ${before} to ${files.memoryBytes()}`);
  // An HD half of the wrong size, and a text form of nothing but a directive.
  await files.addFiles([{ name: 'tex_830.bin', bytes: new Uint8Array(1000) }, { name: 'tex_831.bin', bytes: new Uint8Array(1000) }, { name: 'RAMUZA.png', bytes: fs.readFileSync(path.join(folders.input, 'RAMUZA.png')) }]);
  assert.throws(() => files.render('type1', { ...WALK, hd: true }), /^FilesError: .*tex_83[01]\.bin/);
  await files.addFiles([{ name: 'TYPE1.SHP.txt', bytes: new TextEncoder().encode('.format unit-shp\n.frames 99999999\n') }]);
  assert.throws(() => files.documentBytes('type1'), /^FilesError: TYPE1\.SHP\.txt: line 2/);
  // The set goes on: the next file given is drawn from.
  await files.addFiles(inputs('TYPE1.SHP'));
  assert.ok(files.render('type1', WALK).length > 0);
  // A charclut.nxd that is not the table: its one line, when Ramza's pair is drawn from it.
  await files.addFiles([...inputs('tex_830.bin', 'tex_831.bin'), { name: 'charclut.nxd', bytes: new Uint8Array(64).fill(7) }]);
  assert.throws(() => files.render('type1', { ...WALK, hd: true, variant: 1 }), /^FilesError: charclut\.nxd: /);
});

given('a picture of an HD pair imports to the halves sheet import writes, the game\'s own for its own picture', async () => {
  const files = await openFiles(inputs(...RETAIL, 'tex_992.bin', 'tex_993.bin', 'battle_mina_m_spr.bin', 'tex_992.png'), { wasm, ioWasm });
  const pair = await files.importPair('tex_992.png');
  assert.deepEqual(pair.names, ['tex_992.bin', 'tex_993.bin']);
  assert.ok(Buffer.from(pair.upper).equals(cli('hd/tex_992.bin')), 'the upper half differs from sheet import\'s');
  assert.ok(Buffer.from(pair.lower).equals(cli('hd/tex_993.bin')), 'the lower half differs from sheet import\'s');
  // The picture sheet export wrote of the game's pair gives the game's pair back.
  assert.ok(Buffer.from(pair.upper).equals(inputs('tex_992.bin')[0].bytes));
  assert.ok(Buffer.from(pair.lower).equals(inputs('tex_993.bin')[0].bytes));
  await assert.rejects(files.importSheet('tex_992.png'), /importPair/);
  await assert.rejects(files.importPair('RAMUZA.SPR'), /^FilesError: /);
});
