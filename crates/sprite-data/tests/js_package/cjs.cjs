// The same as esm.mjs from a CommonJS module: require() of the package, as the engines field
// promises (tests/js_package.rs runs it and compares its lines with esm.mjs's).
const runtime = require('tactics-sprite');
const three = require('tactics-sprite/three');

const atlas = runtime.createAtlas(require('tactics-sprite/tactics-sprite-data.json'));
console.log(JSON.stringify(runtime.poseAt(atlas, runtime.findAnimation(atlas, 'Swing High'), 1, 18)));
console.log(JSON.stringify({ runtime: Object.keys(runtime).sort(), three: Object.keys(three).sort() }));
