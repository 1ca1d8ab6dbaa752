// The viewer page's shell: the kind picker, the canvas, the clock, the facts and the event log.
// What a kind shows and how is a mode's, each in its own module (/viewer/unit.js for unit
// documents); every mode draws with the tactics-sprite package (/tactics-sprite.mjs), the same
// module `npm install ./packages/tactics-sprite` installs.
//
// A mode module exports:
//   name                      its name (`unit`); its controls are the page's [data-mode=NAME]
//   list()                    Promise of [{ id, label }]: what the kind picker offers
//   open(id, host, wanted)    Promise of a session showing `id`; `wanted` (URLSearchParams) says
//                             where to start
// and a session:
//   box()                     the canvas in sprite pixels from the stance point,
//                             { left, top, width, height } (the box `render` draws in)
//   draw(ctx, x, y, scale)    draws the picture of the moment, its stance point at (x, y)
//   clocked                   whether the clock moves it (a bare frame does not)
//   advance(seconds)          moves its clock on; true when the picture changed
//   step(ticks)               one tick on (1) or back (-1)
//   restart()                 back to tick 0
//   facts()                   [[name, value]] about the moment
// The host a session gets: redraw(), log(events), clearLog(), status(text).
//
// The page's address can set where it starts (a link to a pose):
//   /?kind=type1&animation=Swing%20High&view=1&tick=18&paused=1&scale=3&palette=0&water=1
//   /?kind=type1&animation=Swing%20High&weapon=sword&weapon-palette=0&effect-palette=0
//   /?kind=demo&frame=9&scale=2        SHP frame 9 as stored (not mirrored, no move)

import * as unit from '/viewer/unit.js';

/// The modes, in the order the kind picker lists them.
const MODES = [unit];

/// The canvas background (the tests draw `tactics-sprite render --background` in it too).
export const BACKGROUND = '#5a6e5a';

/// The longest step the clock takes in one animation frame: a tab in the background resumes
/// where it was rather than jumping.
const LONGEST_STEP = 0.25;

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);

const state = {
  /// [{ mode, id, label }] over every mode.
  entries: [],
  session: null,
  scale: 3,
  playing: true,
  last: 0,
};

const host = {
  redraw: () => draw(),
  log(events) {
    const ol = $('events');
    for (const e of events) {
      const li = document.createElement('li');
      li.textContent = `tick ${e.tick}: ${e.label}`;
      li.className = e.label === 'PostGenericAttack' ? 'hit' : 'sound';
      ol.prepend(li);
    }
    while (ol.children.length > 200) ol.lastChild.remove();
  },
  clearLog: () => $('events').replaceChildren(),
  status: (text) => { $('status').textContent = text; },
};

/// Sizes the canvas to the session's box at the scale and draws the moment on the background.
function draw() {
  const { session, scale } = state;
  if (!session) return;
  const box = session.box();
  const canvas = $('canvas');
  const width = box.width * scale;
  const height = box.height * scale;
  if (canvas.width !== width) canvas.width = width;
  if (canvas.height !== height) canvas.height = height;
  const ctx = canvas.getContext('2d');
  ctx.imageSmoothingEnabled = false;
  ctx.fillStyle = BACKGROUND;
  ctx.fillRect(0, 0, width, height);
  session.draw(ctx, -box.left * scale, -box.top * scale, scale);
  $('facts').replaceChildren(...session.facts().flatMap(([k, value]) => {
    const dt = document.createElement('dt');
    dt.textContent = k;
    const dd = document.createElement('dd');
    dd.textContent = value;
    return [dt, dd];
  }));
}

function frameLoop(now) {
  const { session } = state;
  const seconds = Math.min((now - state.last) / 1000, LONGEST_STEP);
  state.last = now;
  if (state.playing && session && session.clocked && seconds > 0 && session.advance(seconds)) draw();
  requestAnimationFrame(frameLoop);
}

function setPlaying(playing) {
  state.playing = playing;
  state.last = performance.now();
  $('play').textContent = playing ? 'pause' : 'play';
}

/// Opens entry `value` (`mode:id`) of the kind picker, starting where `wanted` says.
async function choose(value, wanted) {
  const entry = state.entries.find((e) => `${e.mode.name}:${e.id}` === value) || state.entries[0];
  $('kind').value = `${entry.mode.name}:${entry.id}`;
  for (const element of document.querySelectorAll('[data-mode]')) {
    element.hidden = element.dataset.mode !== entry.mode.name;
  }
  host.clearLog();
  state.session = await entry.mode.open(entry.id, host, wanted);
  draw();
}

function wire() {
  $('kind').onchange = () => choose($('kind').value, new URLSearchParams()).catch(failed);
  $('scale').onchange = () => { state.scale = Number($('scale').value); draw(); };
  $('play').onclick = () => setPlaying(!state.playing);
  $('back').onclick = () => { setPlaying(false); state.session?.step(-1); draw(); };
  $('forward').onclick = () => { setPlaying(false); state.session?.step(1); draw(); };
  $('restart').onclick = () => { state.session?.restart(); setPlaying(state.playing); draw(); };
}

function failed(error) {
  host.status(`error: ${error.message}`);
  document.body.dataset.ready = 'error';
  throw error;
}

async function start() {
  wire();
  const lists = await Promise.all(MODES.map(async (mode) => (await mode.list()).map((e) => ({ ...e, mode }))));
  state.entries = lists.flat();
  if (state.entries.length === 0) throw new Error('this server serves nothing to view');
  $('kind').replaceChildren(...lists.map((list, i) => {
    const options = list.map((e) => new Option(e.label, `${e.mode.name}:${e.id}`));
    if (lists.length === 1) return options;
    const group = document.createElement('optgroup');
    group.label = MODES[i].name;
    group.append(...options);
    return [group];
  }).flat());
  const scale = Number(params.get('scale'));
  if (Number.isInteger(scale) && scale > 0) state.scale = scale;
  if (![...$('scale').options].some((o) => o.value === String(state.scale))) {
    $('scale').append(new Option(String(state.scale)));
  }
  $('scale').value = String(state.scale);
  // `kind=` names an entry of any mode by its id.
  const wanted = state.entries.find((e) => e.id === params.get('kind'));
  await choose(wanted ? `${wanted.mode.name}:${wanted.id}` : '', params);
  setPlaying(!(params.get('paused') === '1' || !state.session.clocked));
  requestAnimationFrame(frameLoop);
  document.body.dataset.ready = '1';
}

start().catch(failed);
