// The viewer's Tactics Ogre SAS sets: when the server serves some (`serve --sas`), a section of
// the page plays any animation of any set in any direction, drawn in the browser from the set's
// document (/api/v1/sas/data) and its sheet (/api/v1/sas/sheet.png). Without SAS sets it adds
// nothing to the page.
//
// `sasPoseAt` is the pose at a tick as `tactics-sprite draw` prints it for a set (and
// /api/v1/sas/pose sends it), computed from the document alone: the last pose started by the tick
// (nothing before the first, the last held past the duration), each quad at the animation's
// position plus its x, y, mirrored about x = 0 in a mirrored direction. The tests hold it to the
// server's line at every tick.

/// The ticks of a second the animations are played at (as render's .apng and .gif assume).
export const SAS_TICKS_PER_SECOND = 60;

/// What animation `animation` of the set document `doc` shows in direction `direction` at `tick`:
/// the object of `tactics-sprite draw --data SET --animation N --direction D --tick T`, key for
/// key. Throws a RangeError naming what the set has for an animation or direction it lacks.
export function sasPoseAt(doc, animation, direction, tick) {
  const row = doc.animations[animation];
  if (!row) {
    const count = doc.animations.length;
    throw new RangeError(`animation ${animation}: the set has ${count ? `animations 0..${count - 1}` : 'no animations'}`);
  }
  const slot = row.directions[direction];
  if (!slot) {
    const present = row.directions.flatMap((d, i) => (d ? [i] : []));
    throw new RangeError(`animation ${animation} has nothing in direction ${direction} (it has directions: ${present.length ? present.join(', ') : 'none'})`);
  }
  const sequence = doc.sequences[slot.sequence];
  const poses = sequence.poses;
  let index = null;
  for (let i = poses.length - 1; i >= 0; i -= 1) {
    if (poses[i].start <= tick) {
      index = i;
      break;
    }
  }
  const pose = index === null
    ? { start: 0, end: poses.length ? poses[0].start : sequence.duration, frame: null, x: 0, y: 0 }
    : poses[index];
  return {
    animation,
    direction,
    tick,
    sequence: slot.sequence,
    mirrored: slot.mirrored,
    duration: sequence.duration,
    index,
    start: pose.start,
    end: pose.end,
    frame: pose.frame,
    x: pose.x,
    y: pose.y,
    quads: placeQuads(doc, pose, slot.mirrored),
  };
}

/// The quads of a pose where they are drawn, back to front; a sprite past the table places none.
function placeQuads(doc, pose, mirrored) {
  const sprite = pose.frame === null ? undefined : doc.frames[pose.frame];
  if (!sprite) return [];
  return sprite.quads.map((q) => {
    const cell = doc.cells[q.cell];
    const left = pose.x + q.x;
    return {
      cell: q.cell,
      x: mirrored ? -(left + cell.width) : left,
      y: pose.y + q.y,
      width: cell.width,
      height: cell.height,
      u: cell.u,
      v: cell.v,
      flipX: mirrored,
    };
  });
}

/// The box every pose of a direction fits in (as render sizes its canvas), `{left, top, width,
/// height}`; one pixel at the position when nothing is drawn.
export function sasBox(doc, animation, direction) {
  const slot = doc.animations[animation].directions[direction];
  let box = null;
  for (const pose of doc.sequences[slot.sequence].poses) {
    for (const q of placeQuads(doc, pose, slot.mirrored)) {
      const b = { left: q.x, top: q.y, right: q.x + q.width, bottom: q.y + q.height };
      box = box ? {
        left: Math.min(box.left, b.left),
        top: Math.min(box.top, b.top),
        right: Math.max(box.right, b.right),
        bottom: Math.max(box.bottom, b.bottom),
      } : b;
    }
  }
  box ??= { left: 0, top: 0, right: 1, bottom: 1 };
  return { left: box.left, top: box.top, width: box.right - box.left, height: box.bottom - box.top };
}

// The page part: only in a browser.
if (typeof document !== 'undefined') {
  start().catch((error) => {
    const status = document.getElementById('sas-status');
    if (status) status.textContent = String(error);
  });
}

async function json(url) {
  const response = await fetch(url);
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
      const direction = state.doc.animations[Number($('animation').value)].directions[Number($('direction').value)];
      const duration = direction ? state.doc.sequences[direction.sequence].duration : 0;
      const elapsed = Math.floor(((now - state.clock) / 1000) * SAS_TICKS_PER_SECOND);
      // A SAS animation is played from the start again after its duration (loops are not
      // followed, as the draw does not follow them).
      state.tick = duration > 0 ? (state.at + elapsed) % duration : 0;
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
