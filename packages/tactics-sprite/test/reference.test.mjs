// The runtime held to the Rust reference, line by line: the poses, event spans and layered poses
// that `crates/sprite-data/tests/js_runtime.rs` writes from the Rust library into the folder
// named by TACTICS_SPRITE_REFERENCE (`cargo test -p sprite-data --test js_runtime` writes it and
// runs this). Without the variable these tests are skipped: `npm test` runs the rest.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';

import {
  countEventsBetween, createAtlas, createLayerAtlas, createPlayer, createPose, eventsAtStart,
  eventsBetween, findAnimation, isBackView, poseAt, poseWithLayers,
} from '../tactics-sprite.mjs';

const dir = process.env.TACTICS_SPRITE_REFERENCE;
const skip = dir ? false : 'TACTICS_SPRITE_REFERENCE names no folder (cargo test -p sprite-data --test js_runtime writes one and runs these)';
const manifest = dir ? JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8')) : { kinds: [] };

function lines(file) {
  return fs.readFileSync(path.join(dir, file), 'utf8').split('\n').filter((l) => l !== '');
}

function readJson(file) {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/** JSON parsed with -0 read as 0: the Rust prints a mirrored turn of 0 degrees as -0.0. */
function parsed(text) {
  return JSON.parse(text, (_, v) => (Object.is(v, -0) ? 0 : v));
}

if (skip) test('the runtime agrees with the Rust reference', { skip }, () => {});

for (const entry of manifest.kinds) {
  const { kind } = entry;
  const doc = readJson(entry.document);
  const atlas = createAtlas(doc);

  test(`${kind}: poseAt agrees with the Rust reference on every animation, view and moment`, () => {
    const reference = lines(`${kind}.poses.jsonl`);
    assert.equal(reference.length, entry.poses);
    const reused = createPose(atlas);
    reference.forEach((line, n) => {
      const want = JSON.parse(line);
      const animation = findAnimation(atlas, want.animation);
      // Into one reused pose, and every seventh line allocating as well: both must give the line.
      const got = JSON.stringify(poseAt(atlas, animation, want.view, want.tick, want.water, reused));
      if (got !== line) assert.equal(got, line, `${kind} line ${n + 1}`);
      if (n % 7 === 0) assert.equal(JSON.stringify(poseAt(atlas, animation, want.view, want.tick, want.water)), line);
    });
    console.log(`${kind}: ${reference.length} poses agree with the Rust reference`);
  });

  test(`${kind}: eventsBetween agrees with the Rust reference on every sequence`, () => {
    const reference = lines(`${kind}.events.jsonl`).map((l) => JSON.parse(l));
    let spans = 0;
    for (const want of reference) {
      const sequence = doc.sequences[want.sequence];
      if (want.atStart) {
        assert.deepEqual(eventsAtStart(sequence).map((e) => [e.tick, e.label]), want.atStart);
        continue;
      }
      spans++;
      if (want.error) {
        assert.throws(() => eventsBetween(sequence, want.from, want.to), /after its end/);
        continue;
      }
      const got = eventsBetween(sequence, want.from, want.to, want.crossings.length || 1)
        .slice(0, want.crossings.length)
        .map((e) => [e.tick, e.pass, e.label]);
      assert.deepEqual(got, want.crossings, `sequence ${want.sequence} (${want.from}, ${want.to}]`);
      assert.equal(countEventsBetween(sequence, want.from, want.to), want.count,
        `the count of sequence ${want.sequence} (${want.from}, ${want.to}]`);
    }
    assert.equal(spans, entry.spans);
  });

  test(`${kind}: createPlayer fires the Rust reference's events exactly once each`, () => {
    const spans = new Map();
    const starts = new Map();
    for (const want of lines(`${kind}.events.jsonl`).map((l) => JSON.parse(l))) {
      if (want.atStart) starts.set(want.sequence, want.atStart);
      else spans.set(`${want.sequence} ${want.from} ${want.to}`, want);
    }
    let players = 0;
    for (const animation of doc.animations) {
      for (const view of [1, 4]) {
        const s = isBackView(view) ? animation.back : animation.front;
        const sequence = doc.sequences[s];
        const total = sequence.ticks.reduce((a, b) => a + b, 0);
        const end = 3 * total + 7;
        const span = spans.get(`${s} 0 ${end}`);
        if (span.error) continue;
        assert.ok(span.count <= span.crossings.length, 'the reference lists the whole span');
        const expected = [...starts.get(s).map(([t, label]) => [t, 0, label]), ...span.crossings];

        // Steps of 0, 1, 2, 3, 5, 8 and 13 ticks, the last one cut to land on the end.
        const fired = [];
        const player = createPlayer(atlas, animation, { view, onEvent: (e) => fired.push([e.tick, e.pass, e.label]) });
        const pattern = [0, 1, 2, 3, 5, 8, 13];
        for (let i = 0; player.tick < end; i++) {
          player.advanceTicks(Math.min(pattern[i % pattern.length], end - player.tick));
          assert.equal(player.pose().shp, poseAt(atlas, animation, view, player.tick).shp);
        }
        assert.deepEqual(fired, expected, `${animation.name} view ${view}, stepped`);

        // By seconds, a sixtieth at a time: the clock lands on every tick, no drift.
        const bySeconds = [];
        const clock = createPlayer(atlas, animation, { view, onEvent: (e) => bySeconds.push([e.tick, e.pass, e.label]) });
        for (let t = 0; t < end; t++) clock.advance(1 / 60);
        assert.equal(clock.tick, end);
        assert.deepEqual(bySeconds, expected, `${animation.name} view ${view}, by seconds`);

        // One long step of a million ticks fires as many as the Rust counts.
        const far = spans.get(`${s} 0 1000000`);
        let count = 0;
        const long = createPlayer(atlas, animation, { view, onEvent: () => { count++; } });
        assert.equal(long.advanceTicks(1_000_000), starts.get(s).length + far.count);
        assert.equal(count, starts.get(s).length + far.count, `${animation.name} view ${view}, one long step`);
        players++;
      }
    }
    assert.ok(players > 0);
  });

  test(`${kind}: poseWithLayers agrees with the Rust reference's layered poses`, () => {
    const weapon = createLayerAtlas(readJson(entry.weapon));
    const effect = createLayerAtlas(readJson(entry.effect));
    const reference = lines(`${kind}.layers.jsonl`);
    assert.equal(reference.length, entry.layered);
    const reused = createPose(atlas);
    let drawn = 0;
    reference.forEach((line, n) => {
      const want = JSON.parse(line);
      const layers = { weaponType: want.weaponType, weapon, effect };
      const got = JSON.stringify(poseWithLayers(atlas, want.animation, want.view, want.tick, want.water, layers, reused));
      // The Rust prints a whole turn as 90.0 (and a mirrored none as -0.0), JavaScript as 90 and 0.
      const expected = line.replace(/"degrees":(-?\d+)\.0(?=,)/g, (_, d) => `"degrees":${Number(d)}`);
      if (got !== expected) assert.deepEqual(parsed(got), parsed(line), `${kind} layered line ${n + 1}`);
      drawn += want.layers.length;
    });
    console.log(`${kind}: ${reference.length} layered poses (${drawn} layer frames) agree with the Rust reference`);
  });
}
