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
// and may export:
//   prefetch(id, wanted)      asks ahead for what open(id, host, wanted) will read (a reload)
//   revalidateAnswers()       asks for every answer afresh from now on (`serve --watch`)
// and a session:
//   box()                     the canvas in sprite pixels from the stance point,
//                             { left, top, width, height } (the box `render` draws in)
//   draw(ctx, x, y, scale)    draws the picture of the moment, its stance point at (x, y)
//   clocked                   whether the clock moves it (a bare frame does not)
//   advance(seconds)          moves its clock on; true when the picture changed
//   step(ticks)               one tick on (1) or back (-1)
//   restart()                 back to tick 0
//   facts()                   [[name, value]] about the moment
//   where()                   URLSearchParams that open the same moment again (a reload keeps
//                             the clock, view and palette by them)
// and may offer (each panel of the page is shown when its session has it):
//   timeline()                { total, spans: [{ from, ticks }], events: [{ tick, label }], at,
//                             loops } of the sequence playing, or null; seek(tick) within it
//   boxOf(view), drawView(ctx, view, x, y, scale)   the eight views side by side
//   sheet()                   { image, rects: [[x, y, w, h]] }: the sheet, the moment's cells
//   source()                  { file, text, line }: the text it was built from, the line playing
// The host a session gets: redraw(), log(events), clearLog(), status(text).
//
// The page's address can set where it starts (a link to a pose):
//   /?kind=type1&animation=Swing%20High&view=1&tick=18&paused=1&scale=3&palette=0&water=1
//   /?kind=type1&animation=Swing%20High&weapon=sword&weapon-palette=0&effect-palette=0
//   /?kind=demo&frame=9&scale=2        SHP frame 9 as stored (not mirrored, no move)
//
// With `serve --watch` the page long-polls /api/v1/changes: a new state reopens the kind where
// the page was (session.where()), without a page reload; a failed reload's error is shown
// above the picture until a reload succeeds.
//
// Opened alone (the folder `cargo xtask web` writes), the same page draws the files the user
// gives it: every answer comes from source.js, which asks the server or the files given, and
// files given later (an edited SEQ text, a repainted sheet) reopen the kind where the page was,
// as a watched server's reload does. The elements of one source only are [data-source=api|files].

import * as unit from '/viewer/unit.js';
import { ask, emptyReason, fromFiles } from '/viewer/source.js';
import { saveAs, saveAseprite, wireFiles } from '/viewer/files-panel.js';

/// The modes, in the order the kind picker lists them.
const MODES = [unit];

/// The canvas background (the tests draw `tactics-sprite render --background` in it too).
export const BACKGROUND = '#5a6e5a';

/// The longest step the clock takes in one animation frame: a tab in the background resumes
/// where it was rather than jumping.
const LONGEST_STEP = 0.25;

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);

/// For scripts and tests: what the page measured (the module's memory around files given,
/// `{ before, after }`), the last file it saved (`{ name, bytes }`) and all it saved.
window.viewer = { memory: null, saved: null, saves: [] };

const state = {
  /// [{ mode, id, label }] over every mode.
  entries: [],
  session: null,
  scale: 3,
  playing: true,
  last: 0,
  /// The served state drawn (/api/v1/changes' generation), and whether the server watches.
  generation: 0,
  watching: false,
  /// The source line marked, so that the list is touched only when it changes.
  sourceLine: null,
  sourceText: null,
  /// Files were given and their first picture is not drawn yet (`first-frame` is marked then).
  awaitingFirstFrame: false,
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

/// `canvas` at `width` x `height` (resized only when it differs), filled with the background,
/// its 2D context drawing pixels as they are.
function blankCanvas(canvas, width, height) {
  if (canvas.width !== width) canvas.width = width;
  if (canvas.height !== height) canvas.height = height;
  const ctx = canvas.getContext('2d');
  ctx.imageSmoothingEnabled = false;
  ctx.fillStyle = BACKGROUND;
  ctx.fillRect(0, 0, width, height);
  return ctx;
}

/// Sizes the canvas to the session's box at the scale and draws the moment on the background.
function draw() {
  const { session, scale } = state;
  if (!session) return;
  const box = session.box();
  const canvas = $('canvas');
  const ctx = blankCanvas(canvas, box.width * scale, box.height * scale);
  session.draw(ctx, -box.left * scale, -box.top * scale, scale);
  $('facts').replaceChildren(...session.facts().flatMap(([k, value]) => {
    const dt = document.createElement('dt');
    dt.textContent = k;
    const dd = document.createElement('dd');
    dd.textContent = value;
    return [dt, dd];
  }));
  drawViews();
  drawTimeline();
  drawSheet();
  markSource();
  if (state.awaitingFirstFrame) {
    state.awaitingFirstFrame = false;
    performance.mark('first-frame');
    performance.measure('files-to-first-frame', 'files-given', 'first-frame');
  }
}

/// The eight views side by side, each on its own tiles' box, when asked for.
function drawViews() {
  const { session, scale } = state;
  const shown = $('all-views').checked && session.drawView !== undefined && session.clocked;
  const host = $('views');
  host.hidden = !shown;
  if (!shown) return;
  if (host.children.length !== 8) {
    host.replaceChildren(...Array.from({ length: 8 }, (_, v) => {
      const figure = document.createElement('figure');
      const canvas = document.createElement('canvas');
      const caption = document.createElement('figcaption');
      caption.textContent = `view ${v}`;
      figure.append(canvas, caption);
      return figure;
    }));
  }
  const small = Math.max(1, Math.floor(scale / 2));
  [...host.querySelectorAll('canvas')].forEach((canvas, v) => {
    const box = session.boxOf(v);
    const ctx = blankCanvas(canvas, Math.max(1, box.width * small), Math.max(1, box.height * small));
    session.drawView(ctx, v, -box.left * small, -box.top * small, small);
  });
}

/// The steps of the sequence playing as spans over its ticks, its events marked, and where the
/// clock is; its data attributes say the same for scripts and tests (`ticks`, `at`).
function drawTimeline() {
  const canvas = $('timeline');
  const line = state.session.timeline?.();
  canvas.hidden = !line || line.total === 0;
  if (canvas.hidden) return;
  const width = Math.max(300, Math.min(900, $('canvas').width));
  if (canvas.width !== width) canvas.width = width;
  const ctx = canvas.getContext('2d');
  const x = (tick) => (tick / line.total) * (width - 1);
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, width, canvas.height);
  line.spans.forEach((span, i) => {
    ctx.fillStyle = i % 2 ? '#c9d6e3' : '#dde6ee';
    ctx.fillRect(x(span.from), 12, Math.max(1, x(span.from + span.ticks) - x(span.from)), 20);
    ctx.fillStyle = '#456';
    ctx.fillRect(x(span.from), 12, 1, 20);
  });
  for (const e of line.events) {
    ctx.fillStyle = e.label === 'PostGenericAttack' ? '#b00' : '#036';
    ctx.beginPath();
    ctx.moveTo(x(e.tick) - 4, 0);
    ctx.lineTo(x(e.tick) + 4, 0);
    ctx.lineTo(x(e.tick), 10);
    ctx.fill();
  }
  ctx.fillStyle = '#e60';
  ctx.fillRect(x(line.at) - 1, 8, 3, 28);
  canvas.dataset.ticks = line.spans.map((s) => s.ticks).join(',');
  canvas.dataset.at = String(line.at);
}

/// The sheet beside the picture, the cells the moment's tiles are cut from outlined.
function drawSheet() {
  const canvas = $('sheet');
  const sheet = $('show-sheet').checked ? state.session.sheet?.() : null;
  canvas.hidden = !sheet || !sheet.image;
  if (canvas.hidden) return;
  const { image, rects } = sheet;
  const ctx = blankCanvas(canvas, image.width, image.height);
  ctx.drawImage(image, 0, 0);
  ctx.strokeStyle = '#ff0';
  ctx.lineWidth = 1;
  for (const [x, y, w, h] of rects) ctx.strokeRect(x + 0.5, y + 0.5, w - 1, h - 1);
  canvas.dataset.cells = String(rects.length);
}

/// The text the kind was built from, the line of the command playing marked.
function markSource() {
  const source = state.session.source?.();
  $('source-panel').hidden = !source;
  if (!source) return;
  const list = $('source');
  if (state.sourceText !== source.text) {
    // A save changes a line or a few: only the lines that differ are rewritten, so that a
    // reload of a long text costs what the edit does.
    const lines = source.text.split('\n');
    const items = list.children;
    for (let i = 0; i < lines.length; i++) {
      if (i < items.length) {
        if (items[i].textContent !== lines[i]) items[i].textContent = lines[i];
      } else {
        const li = document.createElement('li');
        li.textContent = lines[i];
        list.append(li);
      }
    }
    while (items.length > lines.length) list.lastChild.remove();
    state.sourceText = source.text;
    $('source-file').textContent = source.file.split(/[\\/]/).pop();
    $('source-file').title = source.file;
  }
  if (state.sourceLine === source.line) return;
  list.children[state.sourceLine - 1]?.classList.remove('playing');
  state.sourceLine = source.line;
  list.dataset.line = source.line === null ? '' : String(source.line);
  const li = list.children[source.line - 1];
  if (!li) return;
  li.classList.add('playing');
  // Scroll the list only, never the page.
  const top = li.offsetTop - list.offsetTop;
  if (top < list.scrollTop || top > list.scrollTop + list.clientHeight - li.offsetHeight) {
    list.scrollTop = top - list.clientHeight / 3;
  }
}

/// Puts the clock at the tick under `event`'s x on the timeline.
function seekTo(event) {
  const line = state.session?.timeline?.();
  if (!line || line.total === 0) return;
  const canvas = $('timeline');
  const box = canvas.getBoundingClientRect();
  const fraction = Math.min(1, Math.max(0, (event.clientX - box.left) / box.width));
  setPlaying(false);
  state.session.seek(Math.min(line.total - 1, Math.floor(fraction * line.total)));
  draw();
}

/// One step (frame) on (1) or back (-1): to the start of the next or the current (else the
/// previous) step of the sequence.
function stepFrame(direction) {
  const line = state.session?.timeline?.();
  if (!line || line.total === 0) return;
  setPlaying(false);
  const current = line.spans.findLastIndex((s) => s.from <= line.at);
  let target;
  if (direction > 0) {
    target = line.spans[current + 1]?.from ?? (line.loops ? line.total : line.spans[current].from);
  } else {
    const start = line.spans[current].from;
    target = line.at > start ? start : line.spans[Math.max(0, current - 1)].from;
  }
  state.session.seek(target);
  draw();
}

/// Says a reload's problem above the picture (file, line and column when it names them), or
/// clears it.
function showProblem(problem) {
  const box = $('problem');
  box.hidden = !problem;
  if (!problem) {
    box.textContent = '';
    delete box.dataset.line;
    delete box.dataset.column;
    return;
  }
  const where = [problem.file, problem.line && `line ${problem.line}`, problem.column && `column ${problem.column}`]
    .filter(Boolean).join(', ');
  box.textContent = `The files do not build${where ? ` (${where})` : ''}; the last good state is shown.\n${problem.message}`;
  if (problem.line) box.dataset.line = String(problem.line);
  if (problem.column) box.dataset.column = String(problem.column);
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/// Follows the server's changes (`serve --watch`): a new state reopens the kind where the page
/// was; each answer is the latest status, never a queue of them.
async function follow() {
  let status;
  try {
    status = await (await ask('/api/v1/changes', { cache: 'no-store' })).json();
  } catch {
    return;
  }
  if (!status.watching) return;
  state.watching = true;
  for (const mode of MODES) mode.revalidateAnswers?.();
  state.generation = status.generation;
  showProblem(status.error);
  for (;;) {
    let next;
    try {
      const response = await ask(`/api/v1/changes?after=${status.revision}`, { cache: 'no-store' });
      if (!response.ok) {
        await sleep(1000);
        continue;
      }
      next = await response.json();
    } catch {
      // The server is gone (stopped, restarting): ask again in a while.
      await sleep(1000);
      continue;
    }
    if (next.stopping) return;
    showProblem(next.error);
    if (next.generation !== state.generation) {
      try {
        await reopen();
        state.generation = next.generation;
        document.body.dataset.generation = String(next.generation);
      } catch (error) {
        host.status(`error: ${error.message}`);
      }
    }
    status = next;
  }
}

/// Opens the kind shown again on the state served now, where the page was. What the kind will
/// read is asked for beside the list of kinds (its mode's `prefetch`), in one round.
async function reopen() {
  const value = $('kind').value;
  const wanted = state.session?.where ? state.session.where() : new URLSearchParams();
  const shown = state.entries.find((e) => `${e.mode.name}:${e.id}` === value);
  shown?.mode.prefetch?.(shown.id, wanted);
  await listEntries();
  await choose(value, wanted);
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
  $('all-views').onchange = () => draw();
  $('show-sheet').onchange = () => draw();
  const timeline = $('timeline');
  timeline.onpointerdown = (event) => {
    timeline.setPointerCapture(event.pointerId);
    seekTo(event);
  };
  timeline.onpointermove = (event) => {
    if (timeline.hasPointerCapture(event.pointerId)) seekTo(event);
  };
  document.addEventListener('keydown', (event) => {
    if (event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement) return;
    if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
      const direction = event.key === 'ArrowRight' ? 1 : -1;
      event.preventDefault();
      if (event.shiftKey) {
        stepFrame(direction);
      } else {
        setPlaying(false);
        state.session?.step(direction);
        draw();
      }
    } else if (event.key === ' ') {
      event.preventDefault();
      setPlaying(!state.playing);
    }
  });
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

/// Fills the kind picker from every mode's list.
async function listEntries() {
  const lists = await Promise.all(MODES.map(async (mode) => (await mode.list()).map((e) => ({ ...e, mode }))));
  state.entries = lists.flat();
  if (state.entries.length === 0) throw new Error(emptyReason());
  $('kind').replaceChildren(...lists.map((list, i) => {
    const options = list.map((e) => new Option(e.label, `${e.mode.name}:${e.id}`));
    if (lists.length === 1) return options;
    const group = document.createElement('optgroup');
    group.label = MODES[i].name;
    group.append(...options);
    return [group];
  }).flat());
}

/// "Save APNG" and "Save GIF": what is shown, as `render -o NAME.png` (APNG) and `-o NAME.gif`
/// write it (the server's or the files' render, byte for byte the command's).
async function saveAnimation(format) {
  const query = state.session?.render?.();
  if (!query) throw new Error('nothing to save yet');
  const response = await ask(`/api/v1/render.${format}?${query}`);
  if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  const what = query.get('animation') ?? `frame ${query.get('frame')}`;
  const name = `${query.get('kind')}-${what.replace(/\W+/g, '-')}.${format === 'apng' ? 'png' : 'gif'}`;
  saveAs(name, bytes, format === 'gif' ? 'image/gif' : 'image/png');
  host.status(`${name}: ${bytes.length} bytes`);
}

/// Opens the first entry (the address's `kind=`, where it says), starts the clock, and says so.
async function openFirst() {
  // `kind=` names an entry of any mode by its id.
  const wanted = state.entries.find((e) => e.id === params.get('kind'));
  await choose(wanted ? `${wanted.mode.name}:${wanted.id}` : '', params);
  setPlaying(!(params.get('paused') === '1' || !state.session.clocked));
  requestAnimationFrame(frameLoop);
  document.body.dataset.generation = '0';
  document.body.dataset.ready = '1';
}

/// Files were given (opened alone): the first open, or the kind shown reopened where it was, as
/// a watched server's reload reopens it.
async function filesGiven() {
  state.awaitingFirstFrame = true;
  if (!state.session) {
    await listEntries();
    await openFirst();
    return;
  }
  await reopen();
  state.generation += 1;
  document.body.dataset.generation = String(state.generation);
}

async function start() {
  wire();
  for (const element of document.querySelectorAll('[data-source]')) {
    element.hidden = element.dataset.source !== (fromFiles ? 'files' : 'api');
  }
  for (const format of ['apng', 'gif']) {
    $(`save-${format}`).onclick = () => saveAnimation(format).catch((error) => host.status(`error: ${error.message}`));
  }
  const scale = Number(params.get('scale'));
  if (Number.isInteger(scale) && scale > 0) state.scale = scale;
  if (![...$('scale').options].some((o) => o.value === String(state.scale))) {
    $('scale').append(new Option(String(state.scale)));
  }
  $('scale').value = String(state.scale);
  if (fromFiles) {
    wireFiles({ given: filesGiven, status: host.status });
    $('save-aseprite').onclick = () => {
      const query = state.session?.render?.();
      if (!query) return;
      saveAseprite(query).then(host.status).catch((error) => host.status(`error: ${error.message}`));
    };
    host.status('Give the page the game\'s files: its BATTLE folder, its files, or a disc image.');
    return;
  }
  await listEntries();
  await openFirst();
  follow();
}

start().catch(failed);
