// The viewer's Tactics Ogre SAS sets: when the server serves some (`serve --sas`), a section of
// the page plays any animation of any set in any direction, drawn in the browser from the set's
// document (/api/v1/sas/data) and its sheet (/api/v1/sas/sheet.png). Without SAS sets it adds
// nothing to the page.
//
// The pose at a tick and the clock are the package's SAS plugin (`tactics-sprite-sas.mjs`,
// served from the package as it is): this module is the page's controls and its canvas.

import { sasBox, sasPoseAt, sasTickAfter } from '/tactics-sprite-sas.mjs';
import { ask } from '/viewer/source.js';

start().catch((error) => {
  const status = document.getElementById('sas-status');
  if (status) status.textContent = String(error);
});

async function json(url) {
  const response = await ask(url);
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return response.json();
}

function option(value, text) {
  const element = document.createElement('option');
  element.value = value;
  element.textContent = text;
  return element;
}

/// Builds the section when there are sets, and plays the first.
async function start() {
  const sets = await json('/api/v1/sas/sets');
  if (!sets.length) return;
  const section = document.createElement('section');
  section.id = 'sas';
  section.style.gridColumn = '1 / -1';
  section.innerHTML = `
    <h2>Tactics Ogre SAS sets</h2>
    <p>Each pose drawn from the set's document and sheet, at the sheet's resolution (the game shows
    it at 1/scale); a pose at any moment is <code>/api/v1/sas/pose</code>.</p>
    <label>set <select id="sas-set"></select></label>
    <label>animation <select id="sas-animation"></select></label>
    <label>direction <select id="sas-direction"></select></label>
    <label>meanings <select id="sas-meanings"><option>seed</option><option>gibbed</option></select></label>
    <label>position <select id="sas-position"><option>x2y2</option><option>x1y1</option></select></label>
    <label>scale <select id="sas-scale"><option>1</option><option>2</option><option selected>3</option><option>4</option><option>6</option></select></label>
    <button id="sas-play">pause</button>
    <button id="sas-back" title="one tick back">◀ tick</button>
    <button id="sas-forward" title="one tick on">tick ▶</button>
    <div><canvas id="sas-canvas" width="16" height="16" style="image-rendering: pixelated; background: #5a6e5a"></canvas></div>
    <pre id="sas-facts"></pre>
    <p id="sas-status"></p>`;
  (document.querySelector('main') ?? document.body).append(section);
  const $ = (id) => document.getElementById(`sas-${id}`);
  const state = { doc: null, sheet: null, tick: 0, playing: true, clock: 0, at: 0 };
  for (const set of sets) $('set').append(option(set.set, `${set.set} (${set.magic}, ${set.animations} animations)`));

  const draw = () => {
    const { doc, sheet } = state;
    if (!doc || $('direction').value === '') return;
    const animation = Number($('animation').value);
    const direction = Number($('direction').value);
    const scale = Number($('scale').value);
    const pose = sasPoseAt(doc, animation, direction, state.tick);
    const box = sasBox(doc, animation, direction);
    const canvas = $('canvas');
    canvas.width = box.width * scale;
    canvas.height = box.height * scale;
    const context = canvas.getContext('2d');
    context.imageSmoothingEnabled = false;
    context.clearRect(0, 0, canvas.width, canvas.height);
    if (sheet) {
      for (const q of pose.quads) {
        context.save();
        context.setTransform(scale, 0, 0, scale, (q.x - box.left) * scale, (q.y - box.top) * scale);
        if (q.flipX) context.transform(-1, 0, 0, 1, q.width, 0);
        context.drawImage(sheet, q.u, q.v, q.width, q.height, 0, 0, q.width, q.height);
        context.restore();
      }
    }
    $('facts').textContent = `tick ${pose.tick} of ${pose.duration}: sequence ${pose.sequence}`
      + `${pose.mirrored ? ' mirrored' : ''}, pose ${pose.index ?? 'none'} (ticks ${pose.start}..${pose.end})`
      + `, sprite ${pose.frame ?? 'none'} at (${pose.x}, ${pose.y}), ${pose.quads.length} quads`;
    canvas.dataset.tick = String(pose.tick);
  };

  const directions = () => {
    const row = state.doc.animations[Number($('animation').value)];
    $('direction').replaceChildren(...row.directions.flatMap((d, i) => (d
      ? [option(i, `${i}${d.mirrored ? ' (mirrored)' : ''}`)] : [])));
    state.tick = 0;
  };

  const load = async () => {
    const set = sets.find((s) => s.set === $('set').value);
    const query = `set=${encodeURIComponent(set.set)}&meanings=${$('meanings').value}&position=${$('position').value}`;
    state.doc = await json(`/api/v1/sas/data?${query}`);
    state.sheet = null;
    if (set.sheetFile) {
      const image = new Image();
      image.src = `/api/v1/sas/sheet.png?set=${encodeURIComponent(set.set)}`;
      await image.decode();
      state.sheet = image;
    }
    const previous = $('animation').value;
    $('animation').replaceChildren(...state.doc.animations.map((a, i) => option(i, String(i))));
    if (previous && Number(previous) < state.doc.animations.length) $('animation').value = previous;
    directions();
    $('status').textContent = set.sheetFile ? '' : `${set.set} is served without a sheet: its quads are not drawn`;
    draw();
  };

  const tick = (now) => {
    if (state.playing && state.doc && $('direction').value !== '') {
      const animation = Number($('animation').value);
      const direction = Number($('direction').value);
      state.tick = sasTickAfter(state.doc, animation, direction, state.at, (now - state.clock) / 1000);
      draw();
    }
    requestAnimationFrame(tick);
  };
  const restartClock = () => {
    state.clock = performance.now();
    state.at = state.tick;
  };

  $('set').addEventListener('change', () => load().catch((e) => { $('status').textContent = String(e); }));
  $('meanings').addEventListener('change', () => load().catch((e) => { $('status').textContent = String(e); }));
  $('position').addEventListener('change', () => load().catch((e) => { $('status').textContent = String(e); }));
  $('animation').addEventListener('change', () => { directions(); restartClock(); draw(); });
  $('direction').addEventListener('change', () => { state.tick = 0; restartClock(); draw(); });
  $('scale').addEventListener('change', draw);
  $('play').addEventListener('click', () => {
    state.playing = !state.playing;
    $('play').textContent = state.playing ? 'pause' : 'play';
    restartClock();
  });
  const step = (by) => {
    state.playing = false;
    $('play').textContent = 'play';
    state.tick = Math.max(0, state.tick + by);
    draw();
  };
  $('back').addEventListener('click', () => step(-1));
  $('forward').addEventListener('click', () => step(1));

  await load();
  restartClock();
  requestAnimationFrame(tick);
  // For tests and scripts: the section has drawn its first pose.
  section.dataset.ready = '1';
}
