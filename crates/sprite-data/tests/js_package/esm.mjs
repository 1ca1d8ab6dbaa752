// An ES module of a project that installed the packed package: the line `tactics-sprite draw`
// prints for Swing High at view 1, tick 18, then the names each entry point exports
// (tests/js_package.rs runs it and compares both).
import fs from 'node:fs';
import * as runtime from 'tactics-sprite';
import * as three from 'tactics-sprite/three';

const documentUrl = new URL(import.meta.resolve('tactics-sprite/tactics-sprite-data.json'));
const atlas = runtime.createAtlas(JSON.parse(fs.readFileSync(documentUrl, 'utf8')));
console.log(JSON.stringify(runtime.poseAt(atlas, runtime.findAnimation(atlas, 'Swing High'), 1, 18)));
console.log(JSON.stringify({ runtime: Object.keys(runtime).sort(), three: Object.keys(three).sort() }));
