// poseAt into a createPose buffer against the allocating form: poses per second, and the bytes
// of heap each call leaves behind. Run from the package folder:
//
//   node --expose-gc --max-semi-space-size=64 bench/pose.mjs     (npm run bench)
//
// Each form cycles through every animation of the shipped TYPE1 document, all eight views and
// a spread of ticks. Bytes per call: the heap grown over a batch of calls in which no garbage
// collection ran (a large young generation makes that likely; a batch a collection ran in is
// measured again), divided by the batch. The timed run counts the collections it caused.

import fs from 'node:fs';
import { PerformanceObserver, performance } from 'node:perf_hooks';

import { createAtlas, createLayerAtlas, createPose, poseAt, poseWithLayers } from '../tactics-sprite.mjs';

if (typeof globalThis.gc !== 'function') {
  console.error('run with --expose-gc: node --expose-gc --max-semi-space-size=64 bench/pose.mjs');
  process.exit(2);
}

const read = (file) => JSON.parse(fs.readFileSync(new URL(file, import.meta.url), 'utf8'));
const atlas = createAtlas(read('../tactics-sprite-data.json'));
// The layer documents live in the repository's fixtures, beside the package.
const layersFolder = new URL('../../../fixtures/layers/', import.meta.url);
const haveLayers = fs.existsSync(new URL('wep1.json', layersFolder));
const layers = haveLayers
  ? {
    weaponType: 'sword',
    weapon: createLayerAtlas(JSON.parse(fs.readFileSync(new URL('wep1.json', layersFolder), 'utf8'))),
    effect: createLayerAtlas(JSON.parse(fs.readFileSync(new URL('eff1.json', layersFolder), 'utf8'))),
  }
  : null;

// The requests, made once: every animation x 8 views x 7 ticks.
const requests = [];
for (const animation of atlas.animations) {
  for (let view = 0; view < 8; view++) {
    for (const tick of [0, 3, 9, 18, 33, 64, 1000]) requests.push({ animation, view, tick });
  }
}
const layered = requests.filter((r) => atlas.doc.sequences[r.animation.front].layers);
const reused = createPose(atlas);
let sink = 0;

const forms = [
  ['poseAt into createPose (reused)', (r) => poseAt(atlas, r.animation, r.view, r.tick, false, reused)],
  ['poseAt allocating a pose', (r) => poseAt(atlas, r.animation, r.view, r.tick, false)],
];
if (layers) {
  forms.push(['poseWithLayers into createPose (reused)', (r) => poseWithLayers(atlas, r.animation, r.view, r.tick, false, layers, reused)]);
  forms.push(['poseWithLayers allocating a pose', (r) => poseWithLayers(atlas, r.animation, r.view, r.tick, false, layers)]);
}

let collections = 0;
new PerformanceObserver((list) => { collections += list.getEntries().length; }).observe({ entryTypes: ['gc'] });
// The observer hears of a collection a little later: wait for it before counting.
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

async function bytesPerCall(call, list, first) {
  // A batch a collection ran in is tried again, smaller.
  for (let attempt = 0, batch = first; attempt < 40; attempt++, batch = Math.max(100, batch >> 1)) {
    globalThis.gc();
    await settle();
    const seen = collections;
    const before = process.memoryUsage().heapUsed;
    for (let i = 0; i < batch; i++) sink = (sink + call(list[i % list.length]).shp) | 0;
    const after = process.memoryUsage().heapUsed;
    await settle();
    if (collections === seen) return Math.max(0, after - before) / batch;
  }
  return NaN;
}

const CALLS = 2_000_000;
const BATCH = 20_000;
console.log(`node ${process.version}, ${requests.length} requests (${layered.length} with layer cues) cycled, ${CALLS} calls per form`);
for (const [name, call] of forms) {
  const list = name.startsWith('poseWithLayers') ? layered : requests;
  // Warmed up (and compiled) first, so that the code the compiler writes is not counted.
  for (let i = 0; i < 500_000; i++) sink = (sink + call(list[i % list.length]).shp) | 0;
  await settle();
  globalThis.gc();
  await settle();
  const seen = collections;
  const start = performance.now();
  for (let i = 0; i < CALLS; i++) sink = (sink + call(list[i % list.length]).shp) | 0;
  const seconds = (performance.now() - start) / 1000;
  await settle();
  const rate = CALLS / seconds;
  const inRun = collections - seen;
  // The least of three measurements: the first may count the measuring loop's own compiling.
  let bytes = Infinity;
  for (let i = 0; i < 3; i++) bytes = Math.min(bytes, await bytesPerCall(call, list, BATCH));
  console.log(`${name.padEnd(42)} ${(rate / 1e6).toFixed(2).padStart(6)} M poses/s  ` +
    `${bytes.toFixed(1).padStart(7)} bytes/call  ${String(inRun).padStart(5)} collections in the run`);
}
if (sink === 0.5) console.log(sink);
