// Each kind's document built in node through the WebAssembly module (files.mjs), timed: the
// TYPE1 document alone, and every unit kind's (the eight `build-data --all` writes), to set
// beside the native build's in-process figures (docs/performance.md). Run from the package folder
// with the module built and a folder of the retail files:
//
//   node bench/files.mjs ../../target/wasm/wasm32-unknown-unknown/wasm/sprite_wasm.wasm "$FFT_ORIGINALS"
//
// Each figure is the median wall time of 200 runs after 20 to warm up, and the process's CPU
// time over those runs divided by them (what a shared, loaded machine moves less); a run is
// `documentBytes(kind)`, the document's canonical bytes built from the files given (the two
// files' retail check included) and copied out of the module.

import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

import { openFiles } from '../files.mjs';

const [wasm, folder] = process.argv.slice(2);
if (!wasm || !folder) {
  console.error('usage: node bench/files.mjs FILES.WASM RETAIL_FOLDER');
  process.exit(2);
}
const given = fs.readdirSync(folder).sort().map((name) => ({
  name: `BATTLE/${name}`,
  bytes: fs.readFileSync(path.join(folder, name)),
}));
const files = await openFiles(given, { wasm });
const units = files.list().kinds.filter((k) => !k.layer).map((k) => k.kind);

/** The median wall time of `body` and its mean CPU time, in milliseconds. */
function timed(body, runs = 200, warm = 20) {
  for (let i = 0; i < warm; i++) body();
  const times = [];
  const cpu = process.cpuUsage();
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    body();
    times.push(performance.now() - start);
  }
  const used = process.cpuUsage(cpu);
  times.sort((a, b) => a - b);
  const wall = times[Math.floor(runs / 2)].toFixed(3);
  const mean = ((used.user + used.system) / 1000 / runs).toFixed(3);
  return `${wall} ms wall (median), ${mean} ms CPU (mean)`;
}

console.log(`TYPE1 document: ${timed(() => files.documentBytes('type1'))}`);
const every = timed(() => { for (const kind of units) files.documentBytes(kind); }, 50, 5);
console.log(`every unit kind (${units.length}: ${units.join(', ')}): ${every}`);
