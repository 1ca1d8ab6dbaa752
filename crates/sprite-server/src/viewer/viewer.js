// The viewer page: plays any animation of any served kind with pose.js, the JavaScript poseAt.
//
// The page's address can set where it starts (a link to a pose):
//   /?kind=type1&animation=Swing%20High&view=1&tick=18&paused=1&scale=3&palette=0&water=1
//   /?kind=demo&frame=9&scale=2        SHP frame 9 as stored (not mirrored, no move)

import {
  IDLE, TICKS_PER_SECOND, eventsAtStart, eventsBetween, findMotion, isBackView,
  isMirroredView, placeTiles, pose, viewOf,
} from './pose.js';

/// The canvas background (the tests draw `tactics-sprite render --background` in it too).
export const BACKGROUND = '#5a6e5a';

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);

const state = {
  kinds: [],
  kind: null,
  doc: null,
  sheet: null,
  /// The SP2 sheet (`sheet: 1` tiles), when the kind has one.
  sp2: null,
  box: null,
  animation: IDLE,
  facing: 1,
  step: 0,
  water: false,
  scale: 3,
  tick: 0,
  playing: true,
  frame: null,
  clockStart: 0,
  tickAtStart: 0,
  lastTick: 0,
};

async function json(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return response.json();
}

function loadImage(url) {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error(`${url}: the sheet did not load`));
    image.src = url;
  });
}

/// The canvas of a document, as `tactics-sprite render` sizes it: the union of every frame's box,
/// mirrored and not, and of every sequence frame (and its water copy) at its 2D move in both
/// mirror states; symmetric about the stance column.
export function stageBox(doc) {
  const boxes = doc.frames.map((_, shp) => [false, true].map((mirrored) => {
    let box = null;
    for (const t of placeTiles(doc, shp, mirrored, false)) {
      const x = Math.floor(t.x);
      const y = Math.floor(t.y);
      box = union(box, { left: x, top: y, right: x + t.w, bottom: y + t.h });
    }
    return box;
  }));
  let all = null;
  for (const pair of boxes) for (const b of pair) all = union(all, b);
  for (const s of doc.sequences) {
    s.frames.forEach((frame, i) => {
      const fb = s.fb ? s.fb[i] : 0;
      const du = s.du ? s.du[i] : 0;
      for (const shp of [frame, frame + doc.waterOffset]) {
        const pair = boxes[shp];
        if (!pair) continue;
        pair.forEach((b, mirrored) => {
          if (!b) return;
          const mx = mirrored ? fb : -fb;
          all = union(all, { left: b.left + mx, top: b.top + du, right: b.right + mx, bottom: b.bottom + du });
        });
      }
    });
  }
  const b = all || { left: 0, top: 0, right: 1, bottom: 1 };
  const half = Math.max(b.right, -b.left, 1);
  return { left: -half, top: b.top, width: 2 * half, height: Math.max(b.bottom - b.top, 1) };
}

function union(a, b) {
  if (!a) return b;
  if (!b) return a;
  return {
    left: Math.min(a.left, b.left), top: Math.min(a.top, b.top),
    right: Math.max(a.right, b.right), bottom: Math.max(a.bottom, b.bottom),
  };
}

function view() {
  return viewOf(state.facing, state.step);
}

/// The sequence the current animation plays in the current view, or null (idle).
function playedSequence() {
  if (state.animation === IDLE) return null;
  const animation = findMotion(state.doc, state.animation);
  return state.doc.sequences[isBackView(view()) ? animation.back : animation.front];
}

/// Draws the pose (or the bare frame) at the current tick.
function draw() {
  const { doc, box, scale } = state;
  let p;
  if (state.frame !== null) {
    p = { shp: state.frame, moveX: 0, moveY: 0, tiles: placeTiles(doc, state.frame, false, false) };
  } else {
    p = pose(doc, state.animation, view(), state.tick, state.water);
  }
  // Drawn at one pixel per pixel, then scaled up without smoothing.
  const small = document.createElement('canvas');
  small.width = box.width;
  small.height = box.height;
  const ctx = small.getContext('2d');
  const sx = -box.left;
  const sy = -box.top;
  for (const t of p.tiles) {
    const cell = doc.cells[t.cell];
    // SP2 tiles (sheet 1) are cut from the SP2 at y - 256, as `tactics-sprite render` cuts them;
    // without the SP2 they are left out (render refuses those animations).
    const fromSp2 = t.sheet === 1;
    if (fromSp2 && !state.sp2) continue;
    const x = sx + Math.floor(t.x) + p.moveX;
    const y = sy + Math.floor(t.y) + p.moveY;
    ctx.save();
    ctx.translate(x + (t.flipX ? t.w : 0), y + (t.flipY ? t.h : 0));
    ctx.scale(t.flipX ? -1 : 1, t.flipY ? -1 : 1);
    if (fromSp2) ctx.drawImage(state.sp2, cell.x, cell.y - 256, cell.w, cell.h, 0, 0, cell.w, cell.h);
    else ctx.drawImage(state.sheet, cell.x, cell.y, cell.w, cell.h, 0, 0, cell.w, cell.h);
    ctx.restore();
  }
  const canvas = $('canvas');
  canvas.width = box.width * scale;
  canvas.height = box.height * scale;
  const out = canvas.getContext('2d');
  out.imageSmoothingEnabled = false;
  out.fillStyle = BACKGROUND;
  out.fillRect(0, 0, canvas.width, canvas.height);
  out.drawImage(small, 0, 0, canvas.width, canvas.height);
  showFacts(p);
}

function showFacts(p) {
  const v = view();
  const facts = state.frame !== null
    ? [['frame', `${state.frame} (as stored)`]]
    : [
      ['tick', `${state.tick} (${(state.tick / TICKS_PER_SECOND).toFixed(2)} s)`],
      ['view', `${v}${isBackView(v) ? ' back' : ' front'}${isMirroredView(v) ? ', mirrored' : ''}`],
      ['sequence', p.name === null ? 'idle' : `${p.sequence} ${p.name}`],
      ['index', p.index === null ? '-' : p.index],
      ['shp', p.shp],
      ['move', `${p.moveX}, ${p.moveY}`],
      ['tiles', p.tiles.length],
    ];
  $('facts').replaceChildren(...facts.flatMap(([k, value]) => {
    const dt = document.createElement('dt');
    dt.textContent = k;
    const dd = document.createElement('dd');
    dd.textContent = value;
    return [dt, dd];
  }));
  $('view').textContent = `view ${v}`;
  $('step').textContent = `step ${state.step}`;
}

function logEvents(list) {
  const ol = $('events');
  for (const e of list) {
    const li = document.createElement('li');
    li.textContent = `tick ${e.tick}: ${e.label}`;
    li.className = e.label === 'PostGenericAttack' ? 'hit' : 'sound';
    ol.prepend(li);
  }
  while (ol.children.length > 200) ol.lastChild.remove();
}

/// Moves the clock to `tick`, firing the events crossed on the way forward.
function setTick(tick) {
  const sequence = playedSequence();
  if (sequence && tick > state.tick) logEvents(eventsBetween(sequence, state.tick, tick));
  state.tick = Math.max(0, tick);
  draw();
}

function restart() {
  state.tick = 0;
  state.clockStart = performance.now();
  state.tickAtStart = 0;
  $('events').replaceChildren();
  const sequence = playedSequence();
  if (sequence) logEvents(eventsAtStart(sequence));
  draw();
}

function frameLoop(now) {
  if (state.playing && state.doc && state.frame === null) {
    const tick = state.tickAtStart + Math.floor(((now - state.clockStart) * TICKS_PER_SECOND) / 1000);
    if (tick !== state.tick) setTick(tick);
  }
  requestAnimationFrame(frameLoop);
}

function setPlaying(playing) {
  state.playing = playing;
  state.clockStart = performance.now();
  state.tickAtStart = state.tick;
  $('play').textContent = playing ? 'pause' : 'play';
}

async function loadSheet() {
  const palette = $('palette').value;
  const query = new URLSearchParams({ kind: state.kind.kind });
  if (state.kind.palettes > 0 && palette !== '') query.set('palette', palette);
  state.sheet = await loadImage(`/api/v1/sheet.png?${query}`);
  const hasSp2 = state.kind.sp2 && state.kind.sp2 !== 'missing';
  state.sp2 = hasSp2 ? await loadImage(`/api/v1/sp2.png?${query}`) : null;
}

async function chooseKind(name, wanted = {}) {
  state.kind = state.kinds.find((k) => k.kind === name) || state.kinds[0];
  $('kind').value = state.kind.kind;
  state.doc = await json(`/api/v1/data?kind=${encodeURIComponent(state.kind.kind)}`);
  state.box = stageBox(state.doc);
  const names = [IDLE, ...state.doc.animations.map((a) => a.name)];
  $('animation').replaceChildren(...names.map((n) => new Option(n, n)));
  // Start on something that moves: Walk where the kind has it (TYPE1's first animation is a
  // blank frame), else the first animation.
  const opening = names.includes('Walk') ? 'Walk' : (names[1] || IDLE);
  state.animation = names.includes(wanted.animation) ? wanted.animation : opening;
  $('animation').value = state.animation;
  const palettes = state.kind.palettes;
  $('palette').replaceChildren(...(palettes > 0
    ? Array.from({ length: palettes }, (_, i) => new Option(String(i), String(i)))
    : [new Option(state.kind.sheetFile ? 'its own colours' : 'synthetic sheet', '')]));
  $('palette').disabled = palettes === 0;
  if (wanted.palette !== undefined && wanted.palette < palettes) $('palette').value = String(wanted.palette);
  await loadSheet();
  let sp2 = '';
  if (state.kind.sp2 === 'missing') {
    sp2 = `; ${state.kind.sp2File} (its SP2 sheet) was not found beside the sheet, so the SP2 animations show without their SP2 tiles (render refuses them)`;
  } else if (state.kind.sp2) {
    sp2 = `; SP2 tiles from ${state.kind.sp2File || 'a synthetic SP2'}`;
  }
  const sheet = state.kind.sheetFile || 'a synthetic sheet (no sheet file found)';
  $('status').textContent = `${state.kind.kind}: ${state.kind.origin}; drawn from ${sheet}${sp2}.`;
  restart();
}

function wire() {
  $('kind').onchange = () => chooseKind($('kind').value);
  $('animation').onchange = () => { state.animation = $('animation').value; state.frame = null; restart(); };
  $('facing').onchange = () => { state.facing = Number($('facing').value); draw(); };
  $('turn-left').onclick = () => { state.step = (state.step + 7) % 8; draw(); };
  $('turn-right').onclick = () => { state.step = (state.step + 1) % 8; draw(); };
  $('palette').onchange = async () => { await loadSheet(); draw(); };
  $('water').onchange = () => { state.water = $('water').checked; draw(); };
  $('scale').onchange = () => { state.scale = Number($('scale').value); draw(); };
  $('play').onclick = () => setPlaying(!state.playing);
  $('back').onclick = () => { setPlaying(false); state.tick = Math.max(0, state.tick - 1); draw(); };
  $('forward').onclick = () => { setPlaying(false); setTick(state.tick + 1); };
  $('restart').onclick = () => { restart(); setPlaying(state.playing); };
}

function numberParam(name) {
  const value = params.get(name);
  return value === null || value === '' || Number.isNaN(Number(value)) ? undefined : Number(value);
}

async function start() {
  wire();
  state.kinds = await json('/api/v1/kinds');
  $('kind').replaceChildren(...state.kinds.map((k) => new Option(k.kind, k.kind)));
  const wantedView = numberParam('view');
  if (wantedView !== undefined && wantedView >= 0 && wantedView < 8) {
    // Facing SE (1) and the camera step that gives the view.
    state.facing = 1;
    state.step = (wantedView + 7) % 8;
  }
  state.scale = numberParam('scale') || state.scale;
  $('scale').value = String(state.scale);
  if (![...$('scale').options].some((o) => o.value === String(state.scale))) {
    $('scale').append(new Option(String(state.scale)));
    $('scale').value = String(state.scale);
  }
  state.water = ['1', 'true', ''].includes(params.get('water'));
  $('water').checked = state.water;
  await chooseKind(params.get('kind'), { animation: params.get('animation'), palette: numberParam('palette') });
  const frame = numberParam('frame');
  if (frame !== undefined && frame >= 0 && frame < state.doc.frames.length) state.frame = frame;
  if (params.get('paused') === '1' || state.frame !== null) setPlaying(false);
  const tick = numberParam('tick');
  if (tick !== undefined && tick >= 0) setTick(tick);
  draw();
  setPlaying(state.playing);
  requestAnimationFrame(frameLoop);
  document.body.dataset.ready = '1';
}

start().catch((error) => {
  $('status').textContent = `error: ${error.message}`;
  document.body.dataset.ready = 'error';
  throw error;
});
