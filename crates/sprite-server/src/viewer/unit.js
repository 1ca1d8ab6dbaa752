// The viewer's unit mode: a unit document (a kind served, or built from the files given: the
// answers are source.js's) played with the package's player, drawn with drawPose from the
// kind's sheet, holding a weapon when asked (poseWithLayers,
// with the kind's layer documents and the blocks of the weapons sheet they are cut from), on the
// canvas `render` draws the same animation in (/api/v1/canvas). See viewer.js for what a mode is.
// The HD switch (`hd=1`, a kind the server has the remaster's HD pair for) is one checkbox and
// one query parameter: `drawnFrom` adds it to every request, and drawPose cuts at `sheetScale` 2.
// The sheet picker (`sheet=`, any sheet of the kind the server found) and, for Ramza's HD pairs,
// the variant picker (`variant=`, a row of charclut.nxd) are parameters of every drawing
// request too, added in the same one place.

import {
  IDLE, TICKS_PER_SECOND, WEAPON_TYPES, createAtlas, createLayerAtlas, createPlayer, createPose,
  drawPose, findAnimation, framePose, isBackView, isMirroredView, poseAt, poseWithLayers, viewOf,
} from '/tactics-sprite.mjs';
import { ask as answerOf, pictureOf } from '/viewer/source.js';

export const name = 'unit';

const $ = (id) => document.getElementById(id);

/// The served kinds by name, as /api/v1/kinds lists them.
const kinds = new Map();

/// Set once the server says it watches its files (`serve --watch`): every answer is then
/// revalidated, as a sheet or a canvas box may have changed since the browser kept it.
let revalidate = false;

/// Asks for every answer afresh from now on (the viewer calls it when the server watches).
export function revalidateAnswers() { revalidate = true; }

/// `url`'s answer; an error (with its status) when it is a refusal.
async function ask(url) {
  const response = await answerOf(url, revalidate ? { cache: 'no-cache' } : {});
  if (!response.ok) {
    let why = await response.text();
    try { why = JSON.parse(why).error; } catch { /* not JSON: the text as it is */ }
    const error = new Error(`${url}: ${response.status} ${why}`);
    error.status = response.status;
    throw error;
  }
  return response;
}

/// Answers asked before the code that reads them runs, by URL, each read once: opening a kind
/// asks for everything it will read at once (`askOpening`), so that it waits for one round of
/// answers, not one after another. Emptied when a kind is open.
const ahead = new Map();

function askAhead(url) {
  if (ahead.has(url)) return;
  const asked = ask(url);
  asked.catch(() => { /* said by the answer() that takes it */ });
  ahead.set(url, asked);
}

/// `url`'s answer: the one asked ahead, else asked now.
function answer(url) {
  const asked = ahead.get(url);
  if (!asked) return ask(url);
  ahead.delete(url);
  return asked;
}

const json = async (url) => (await answer(url)).json();

/// The pictures decoded, by URL, with their ETag: one asked again (a reload) whose tag is the
/// same is not decoded again. The last few only.
const decoded = new Map();
const DECODED_KEPT = 8;

/// A picture, its pixels as they were drawn (no colour conversion), for drawPose.
async function picture(url) {
  const response = await answer(url);
  const tag = response.headers.get('ETag');
  const known = decoded.get(url);
  if (tag !== null && known?.tag === tag) {
    response.body?.cancel();
    return known.bitmap;
  }
  const bitmap = await pictureOf(response);
  decoded.delete(url);
  if (tag !== null) decoded.set(url, { tag, bitmap });
  while (decoded.size > DECODED_KEPT) decoded.delete(decoded.keys().next().value);
  return bitmap;
}

export async function list() {
  const served = await json('/api/v1/kinds');
  kinds.clear();
  for (const k of served) kinds.set(k.kind, k);
  return served.map((k) => ({ id: k.kind, label: k.kind }));
}

/// The weapons the picker offers: the weapon types (the server's `weapon=` takes them by name).
function weaponChoices() {
  return WEAPON_TYPES.map((type) => ({ value: type, label: type }));
}

/// `wanted`'s number `key`, or undefined.
function numberOf(wanted, key) {
  const text = wanted.get(key);
  const value = Number(text);
  return text === null || text === '' || !Number.isInteger(value) ? undefined : value;
}

function options(select, list, value) {
  select.replaceChildren(...list.map(({ value: v, label }) => new Option(label, v)));
  if (value !== undefined && list.some((o) => o.value === String(value))) select.value = String(value);
}

const palettes16 = Array.from({ length: 16 }, (_, i) => ({ value: String(i), label: String(i) }));

/// The sheet of `kind` named `name` (its name in the table or its file, any case): an entry of
/// /api/v1/kinds' `sheets`; the kind's own sheet (as the kind lists it) for '' or a name the kind
/// does not have.
function sheetOf(kind, name) {
  const wanted = (name || '').toLowerCase();
  const found = wanted === '' ? undefined : (kind.sheets || []).find(
    (sheet) => sheet.name.toLowerCase() === wanted || sheet.file.toLowerCase() === wanted);
  if (found) {
    return { name: found.name, file: found.file, palettes: found.palettes, hd: found.hd,
      variants: found.variants, sp2: found.sp2, hdSp2: found.hdSp2 };
  }
  return { name: '', file: kind.sheetFile, palettes: kind.palettes, hd: kind.hd,
    variants: kind.variants, sp2: kind.sp2 && kind.sp2 !== 'missing' ? kind.sp2File : undefined,
    hdSp2: kind.hdSp2 };
}

/// Whether `wanted` turns the switch `key` on (`water=1`, `hd=1`).
const switchedOn = (wanted, key) => ['1', 'true', ''].includes(wanted.get(key));

/// What opening `kind` where `wanted` says draws from: the sheet (sheetOf), the HD switch and
/// Ramza's variant (one the sheet has, else its first; '' for none).
function openingFrom(kind, wanted) {
  const sheet = sheetOf(kind, wanted.get('sheet'));
  const hd = Boolean(sheet.hd) && switchedOn(wanted, 'hd');
  const variants = (hd && sheet.variants ? sheet.variants : []).map(String);
  const variant = variants.includes(wanted.get('variant')) ? wanted.get('variant') : (variants[0] ?? '');
  return { sheet, hd, variant };
}

/// The palette select's value opening `from`'s sheet: `wanted`'s palette when the sheet has
/// it, else the first ('' for a sheet without palettes).
function openingPalette(from, wanted) {
  const palette = numberOf(wanted, 'palette');
  const count = from.sheet.palettes;
  if (count === 0) return '';
  return String(palette !== undefined && palette >= 0 && palette < count ? palette : 0);
}

/// `sheet=`, `hd=1` and `variant=` on `query` for what the page draws from (`drawn`: `sheet`,
/// `hd`, `variant`): the one place the page says so, for every drawing request.
function drawnFrom(query, { sheet, hd, variant }) {
  if (sheet.name) query.set('sheet', sheet.name);
  if (hd) query.set('hd', '1');
  if (hd && sheet.variants && variant !== '') query.set('variant', variant);
  return query;
}

/// The sheet's URL and the SP2's (null when the sheet has none) of `kind` for `palette`, drawn
/// as `drawn` says: in HD, the SP2 at twice the size beside the pair (`hdSp2`); without one the
/// SP2 tiles are left out (render refuses them).
function sheetUrls(kind, palette, drawn) {
  const query = new URLSearchParams({ kind: kind.kind });
  if (drawn.sheet.palettes > 0) query.set('palette', palette);
  drawnFrom(query, drawn);
  const sp2Query = new URLSearchParams(query);
  sp2Query.delete('variant');
  if (!drawn.hd) sp2Query.delete('hd');
  const sp2 = drawn.hd ? drawn.sheet.hdSp2 : drawn.sheet.sp2;
  return [`/api/v1/sheet.png?${query}`, sp2 ? `/api/v1/sp2.png?${sp2Query}` : null];
}

/// The render parameters of a moment of `kind` (what /api/v1/canvas measures): `frame` (a
/// number, or null) or `animation` seen from `view`, `water`, `palette` (the select's value),
/// `holding` (puts a weapon's parameters on a query, or null), drawn as `drawn` says.
function renderQueryOf(kind, { frame, animation, view, water, palette, holding, drawn }) {
  const query = new URLSearchParams({ kind: kind.kind });
  if (frame !== null) {
    query.set('frame', String(frame));
  } else {
    query.set('animation', animation);
    query.set('view', String(view));
    if (water) query.set('water', '1');
  }
  if (drawn.sheet.palettes > 0) query.set('palette', palette);
  holding?.(query);
  return drawnFrom(query, drawn);
}

/// Asks ahead for what opening `kind` where `wanted` says will read: the document, its text, the
/// sheets and (when `wanted` names the moment; not with a weapon, whose box waits for its
/// layers) the canvas box. A guess that proves wrong (the document has lost the animation) only
/// costs a request: every answer is taken by its URL.
function askOpening(kind, wanted) {
  askAhead(`/api/v1/data?kind=${encodeURIComponent(kind.kind)}`);
  if (kind.source) askAhead(`/api/v1/source?kind=${encodeURIComponent(kind.kind)}`);
  const drawn = openingFrom(kind, wanted);
  const palette = openingPalette(drawn, wanted);
  for (const url of sheetUrls(kind, palette, drawn)) if (url) askAhead(url);
  const frame = numberOf(wanted, 'frame');
  const animation = wanted.get('animation');
  const view = numberOf(wanted, 'view');
  if ((kind.layers && wanted.get('weapon')) || (frame === undefined && (animation === null || view === undefined))) return;
  const query = renderQueryOf(kind, {
    frame: frame ?? null, animation, view, water: switchedOn(wanted, 'water'),
    palette, holding: null, drawn,
  });
  askAhead(`/api/v1/canvas?${query}`);
}

/// Asks ahead for what reopening kind `id` where `wanted` says will read (a reload: beside the
/// list of kinds, not after it).
export function prefetch(id, wanted) {
  ahead.clear();
  const kind = kinds.get(id);
  if (kind) askOpening(kind, wanted);
}

export async function open(id, host, wanted) {
  const kind = kinds.get(id);
  /// The sheet drawn (sheetOf), the HD switch and Ramza's variant: what the page draws from.
  const from = openingFrom(kind, wanted);
  // Everything the opening reads, asked for at once: the document, the SEQ text it was built
  // from (`serve --seq FILE.seq.txt`, with the line each step plays from), the sheets, the box.
  askOpening(kind, wanted);
  const [doc, source] = await Promise.all([
    json(`/api/v1/data?kind=${encodeURIComponent(kind.kind)}`),
    kind.source ? json(`/api/v1/source?kind=${encodeURIComponent(kind.kind)}`) : null,
  ]);
  const atlas = createAtlas(doc);
  const pose = createPose(atlas);
  const sheets = { sheet: null, sp2: null, weapon: null, effect: null };
  const s = {
    animation: IDLE,
    player: null,
    facing: 1,
    step: 0,
    water: switchedOn(wanted, 'water'),
    /// SHP frame shown as stored, or null.
    frame: null,
    /// { type, palette, rows, effectPalette } when holding a weapon.
    weapon: null,
    /// The layer atlases, read when a weapon is first held.
    layers: null,
    box: { left: 0, top: 0, width: 1, height: 1 },
    /// Where the box came from, for the facts.
    boxFrom: '',
    boxes: new Map(),
    fits: 0,
    /// `/api/v1/source`'s answer when the kind was built from a SEQ text, else null.
    source: null,
  };

  const view = () => viewOf(s.facing, s.step);
  const idle = () => s.animation === IDLE;
  /// `render` draws an animation that only draws in its water frames (Nulled Walk) in them.
  const inWater = () => s.water || s.animation.water === true;
  const holding = () => s.weapon !== null && s.layers !== null && !idle() && s.frame === null;
  /// The sheet's scale: 2 from the HD sheet.
  const sheetScale = () => (from.hd ? 2 : 1);

  function newPlayer() {
    s.player = createPlayer(atlas, s.animation, {
      view: view(),
      water: inWater(),
      onEvent: (e) => host.log([e]),
    });
  }

  /// The weapon parameters (the render's) of `weapon`: the one place the page says which weapon
  /// it holds, for /api/v1/canvas and /api/v1/layer.png alike.
  function weaponQuery(query, weapon = s.weapon) {
    query.set('weapon', weapon.type);
    if (weapon.palette) query.set('weapon-palette', String(weapon.palette));
    if (weapon.rows) query.set('weapon-rows', String(weapon.rows));
    if (weapon.effectPalette) query.set('effect-palette', String(weapon.effectPalette));
  }

  /// The render parameters of what the page shows.
  function renderQuery() {
    return renderQueryOf(kind, {
      frame: s.frame,
      animation: s.animation.name,
      view: view(),
      water: s.water,
      palette: $('palette').value,
      holding: holding() ? weaponQuery : null,
      drawn: from,
    });
  }

  /// The tiles' box over every step the animation shows: the canvas when the server will not
  /// render what is shown (an SP2 animation without its SP2). Wider than `render`'s where a
  /// tile's edge is transparent.
  function tileBox() {
    const poses = [];
    if (s.frame !== null) {
      poses.push(framePose(atlas, s.frame));
    } else if (idle()) {
      poses.push(poseAtTick(0, createPose(atlas)));
    } else {
      const sequence = atlas.doc.sequences[isBackView(view()) ? s.animation.back : s.animation.front];
      let tick = 0;
      for (const ticks of sequence.ticks) {
        poses.push(poseAtTick(tick, createPose(atlas)));
        tick += ticks;
      }
    }
    let [left, top, right, bottom] = [0, 0, 1, 1];
    let any = false;
    for (const p of poses) {
      for (let i = 0; i < p.count; i++) {
        const t = p.tiles[i];
        const x = Math.floor(t.x) + p.moveX;
        const y = Math.floor(t.y) + p.moveY;
        if (!any) [left, top, right, bottom] = [x, y, x + t.w, y + t.h];
        any = true;
        left = Math.min(left, x);
        top = Math.min(top, y);
        right = Math.max(right, x + t.w);
        bottom = Math.max(bottom, y + t.h);
      }
    }
    const k = sheetScale();
    return { left: left * k, top: top * k, width: (right - left) * k, height: (bottom - top) * k };
  }

  /// Asks the server for the box `render` draws what is shown in, then redraws.
  async function refit() {
    const query = renderQuery().toString();
    const fit = ++s.fits;
    let found = s.boxes.get(query);
    if (!found) {
      try {
        found = { box: await json(`/api/v1/canvas?${query}`), from: 'render\'s (/api/v1/canvas)' };
      } catch (error) {
        if (error.status === undefined || error.status >= 500) throw error;
        found = { box: tileBox(), from: `the tiles' (${error.message})` };
      }
      s.boxes.set(query, found);
    }
    // A later change asked for another box meanwhile: its answer draws.
    if (fit !== s.fits) return;
    s.box = found.box;
    s.boxFrom = found.from;
    host.redraw();
  }

  /// What is shown at `tick` (the player's clock when drawing), into `into`.
  function poseAtTick(tick, into) {
    if (s.frame !== null) return framePose(atlas, s.frame, into);
    if (holding()) {
      return poseWithLayers(atlas, s.animation, view(), tick, inWater(), {
        weaponType: s.weapon.type, weapon: s.layers.weapon, effect: s.layers.effect,
      }, into);
    }
    return poseAt(atlas, s.animation, view(), tick, inWater(), into);
  }

  /// The sheets of the palette (and sheet, HD switch and variant) chosen, asked for at once.
  async function loadSheets() {
    const [sheet, sp2] = sheetUrls(kind, $('palette').value, from);
    [sheets.sheet, sheets.sp2] = await Promise.all([picture(sheet), sp2 ? picture(sp2) : null]);
  }

  /// Reads the weapon picker; loads the layer documents (once) and the weapons sheet's blocks for
  /// the chosen weapon. A server without them says why, and the unit is drawn without.
  async function loadWeapon() {
    const type = $('weapon').value;
    if (type === '') {
      s.weapon = null;
      return;
    }
    const weapon = {
      type,
      palette: Number($('weapon-palette').value),
      rows: Math.max(0, Math.min(248, Math.floor(Number($('weapon-rows').value) || 0))),
      effectPalette: Number($('effect-palette').value),
    };
    $('weapon-rows').value = String(weapon.rows);
    try {
      if (!s.layers) {
        const layer = (which) => json(`/api/v1/layer?kind=${encodeURIComponent(kind.kind)}&layer=${which}`);
        const [w, e] = await Promise.all([layer('weapon'), layer('effect')]);
        s.layers = { weapon: createLayerAtlas(w), effect: createLayerAtlas(e) };
      }
      // The blocks render cuts the layers from for the same weapon parameters.
      const block = (which) => {
        const query = new URLSearchParams({ kind: kind.kind, layer: which });
        weaponQuery(query, weapon);
        return picture(`/api/v1/layer.png?${query}`);
      };
      const [w, e] = await Promise.all([block('weapon'), block('effect')]);
      sheets.weapon = w;
      sheets.effect = e;
      s.weapon = weapon;
    } catch (error) {
      if (error.status === undefined || error.status >= 500) throw error;
      s.weapon = null;
      $('weapon').value = '';
      host.status(`no weapon: ${error.message}`);
    }
  }

  function describe() {
    let sp2 = '';
    if (from.sheet.name) {
      sp2 = from.sheet.sp2 ? `; SP2 tiles from ${from.sheet.sp2}` : '';
    } else if (kind.sp2 === 'missing') {
      sp2 = `; ${kind.sp2File} (its SP2 sheet) was not found beside the sheet, so the SP2 animations show without their SP2 tiles (render refuses them)`;
    } else if (kind.sp2) {
      sp2 = `; SP2 tiles from ${kind.sp2File || 'a synthetic SP2'}`;
    }
    const layers = kind.layers ? `; weapons from ${kind.layers.join(' and ')}` : '; no layer documents (no weapon)';
    const sheet = from.sheet.file || 'a synthetic sheet (no sheet file found)';
    const hd = from.sheet.hd ? `; HD sheet ${from.sheet.hd.join(' + ')} (hd=1)` : '';
    host.status(`${kind.kind}: ${kind.origin}; drawn from ${sheet}${sp2}${layers}${hd}.`);
  }

  function restart() {
    host.clearLog();
    s.player.restart();
    // The events at tick 0 fire on the first advance after a restart: fire them now.
    s.player.advanceTicks(0);
  }

  // The controls, set from `wanted`.
  const names = [IDLE.name, ...atlas.animations.map((a) => a.name)];
  // Start on something that moves: Walk where the kind has it (TYPE1's first animation is a
  // blank frame), else the first animation.
  const opening = names.includes('Walk') ? 'Walk' : (names[1] || IDLE.name);
  const wantedName = wanted.get('animation');
  s.animation = findAnimation(atlas, wantedName !== null && names.includes(wantedName) ? wantedName : opening);
  options($('animation'), names.map((n) => ({ value: n, label: n })), s.animation.name);
  const wantedView = numberOf(wanted, 'view');
  if (wantedView !== undefined && wantedView >= 0 && wantedView < 8) {
    // Facing SE (1) and the camera step that gives the view.
    s.facing = 1;
    s.step = (wantedView + 7) % 8;
  }
  $('facing').value = String(s.facing);
  $('water').checked = s.water;
  options($('sheet-file'), [
    { value: '', label: `its own: ${kind.sheetFile || 'synthetic sheet'}` },
    ...(kind.sheets || []).map((sheet) => ({
      value: sheet.name,
      label: sheet.name === sheet.file ? sheet.name : `${sheet.name} (${sheet.file})`,
    })),
  ], from.sheet.name);
  $('sheet-file').disabled = !kind.sheets;
  /// The controls that follow the sheet: the HD switch, the variants, the palettes.
  function sheetControls(wantedPalette) {
    const { sheet } = from;
    $('hd').checked = from.hd;
    $('hd').disabled = !sheet.hd;
    $('hd').parentElement.title = sheet.hd
      ? `draw from the remaster's HD sheet, ${sheet.hd.join(' + ')}, twice the size`
      : `${sheet.name || `kind ${kind.kind}'s sheet`} is served without an HD sheet`;
    const variants = from.hd && sheet.variants ? sheet.variants : [];
    options($('variant'), variants.length
      ? variants.map((v) => ({ value: String(v), label: String(v) }))
      : [{ value: '', label: 'none' }], from.variant);
    from.variant = $('variant').value;
    $('variant').disabled = variants.length === 0;
    options($('palette'), sheet.palettes > 0
      ? Array.from({ length: sheet.palettes }, (_, i) => ({ value: String(i), label: String(i) }))
      : [{ value: '', label: sheet.file ? 'its own colours' : 'synthetic sheet' }], wantedPalette);
    $('palette').disabled = sheet.palettes === 0;
  }
  sheetControls(numberOf(wanted, 'palette'));
  options($('weapon'), [{ value: '', label: 'none' }, ...weaponChoices()], kind.layers ? wanted.get('weapon') ?? '' : '');
  $('weapon').disabled = !kind.layers;
  $('weapon').title = kind.layers ? '' : `kind ${kind.kind} is served without its layer documents`;
  options($('weapon-palette'), palettes16, numberOf(wanted, 'weapon-palette') ?? 0);
  options($('effect-palette'), palettes16, numberOf(wanted, 'effect-palette') ?? 0);
  $('weapon-rows').value = String(numberOf(wanted, 'weapon-rows') ?? 0);
  const frame = numberOf(wanted, 'frame');
  if (frame !== undefined && frame >= 0 && frame < atlas.doc.frames.length) s.frame = frame;

  describe();
  s.source = source;
  await loadSheets();
  if (kind.layers) await loadWeapon();
  newPlayer();
  restart();
  const tick = numberOf(wanted, 'tick');
  if (tick !== undefined && tick > 0 && s.frame === null) s.player.advanceTicks(tick);
  await refit();
  // What was asked ahead and not read (a guess that proved wrong) is not kept for later.
  ahead.clear();

  const report = (error) => host.status(`error: ${error.message}`);
  const turned = () => { s.player.view = view(); refit().catch(report); };
  $('animation').onchange = () => {
    s.animation = findAnimation(atlas, $('animation').value);
    s.frame = null;
    newPlayer();
    restart();
    refit().catch(report);
  };
  $('facing').onchange = () => { s.facing = Number($('facing').value); turned(); };
  $('turn-left').onclick = () => { s.step = (s.step + 7) % 8; turned(); };
  $('turn-right').onclick = () => { s.step = (s.step + 1) % 8; turned(); };
  $('water').onchange = () => { s.water = $('water').checked; s.player.water = inWater(); refit().catch(report); };
  $('palette').onchange = () => loadSheets().then(refit).catch(report);
  const redrawn = () => {
    sheetControls($('palette').value);
    describe();
    loadSheets().then(refit).catch(report);
  };
  $('sheet-file').onchange = () => {
    from.sheet = sheetOf(kind, $('sheet-file').value);
    from.hd = from.hd && Boolean(from.sheet.hd);
    redrawn();
  };
  $('hd').onchange = () => { from.hd = $('hd').checked; redrawn(); };
  $('variant').onchange = () => { from.variant = $('variant').value; redrawn(); };
  for (const id of ['weapon', 'weapon-palette', 'weapon-rows', 'effect-palette']) {
    $(id).onchange = () => loadWeapon().then(refit).catch(report);
  }

  /// The sequence the moment plays, and the tick within it: null for a bare frame or idle.
  function played() {
    if (s.frame !== null || idle()) return null;
    const index = isBackView(view()) ? s.animation.back : s.animation.front;
    const sequence = atlas.doc.sequences[index];
    const total = sequence.ticks.reduce((a, b) => a + b, 0);
    return { index, sequence, total };
  }

  /// The box the tiles of `v` fill over the animation (for the eight views side by side).
  function boxOf(v) {
    const saved = s.step;
    s.step = (v - s.facing + 8) % 8;
    const box = tileBox();
    s.step = saved;
    return box;
  }

  return {
    box: () => s.box,
    /// Where the page is, as the address says it (`where` opens the same moment again).
    where() {
      const query = new URLSearchParams({ kind: kind.kind });
      if (s.frame !== null) {
        query.set('frame', String(s.frame));
      } else {
        query.set('animation', s.animation.name);
        query.set('view', String(view()));
        query.set('tick', String(s.player.tick));
      }
      if (s.water) query.set('water', '1');
      if (from.sheet.palettes > 0) query.set('palette', $('palette').value);
      if (s.weapon) weaponQuery(query);
      return drawnFrom(query, from);
    },
    /// The render parameters of what is shown (`render.apng?` them saves it as `render` would).
    render: () => renderQuery(),
    /// What the timeline shows: each step's span and the events, the tick within the sequence.
    timeline() {
      const p = played();
      if (!p) return null;
      const spans = [];
      let from = 0;
      for (const ticks of p.sequence.ticks) {
        spans.push({ from, ticks });
        from += ticks;
      }
      const tick = s.player.tick;
      const at = p.total > 0 && p.sequence.loop ? tick % p.total : Math.min(tick, p.total);
      const events = (p.sequence.events || []).map(([t, label]) => ({ tick: t, label }));
      return { total: p.total, spans, events, at, loops: p.sequence.loop === true };
    },
    /// Puts the clock at `tick` of the sequence's pass now shown.
    seek(tick) {
      const p = played();
      if (!p) return;
      const pass = p.sequence.loop && p.total > 0 ? Math.floor(s.player.tick / p.total) * p.total : 0;
      s.player.seek(Math.max(0, pass + tick));
    },
    /// The source text's lines and the line playing now, when the kind was built from a text.
    source() {
      if (!s.source) return null;
      const p = played();
      let line = null;
      if (p) {
        poseAtTick(s.player.tick, pose);
        const steps = s.source.steps[p.index] || [];
        line = pose.index === null ? null : steps[pose.index] ?? null;
      }
      return { file: s.source.file, text: s.source.text, line };
    },
    /// Draws view `v` of the moment, its stance point at (x, y), and its box.
    drawView(ctx, v, x, y, scale) {
      const into = createPose(atlas);
      const tick = s.player.tick;
      const drawn = s.frame !== null ? framePose(atlas, s.frame, into)
        : poseAt(atlas, s.animation, v, tick, inWater(), into);
      drawPose(ctx, atlas, drawn, sheets, { x, y, scale, sheetScale: sheetScale() });
    },
    boxOf,
    /// The sheet, and the cells the moment's tiles are cut from (x, y, w, h in sheet pixels).
    sheet() {
      const p = poseAtTick(s.player.tick, pose);
      const cells = atlas.cells;
      const rects = [];
      for (let i = 0; i < p.count; i++) {
        const t = p.tiles[i];
        if (t.sheet === 1) continue;
        const k = sheetScale();
        rects.push([cells.x[t.cell] * k, cells.y[t.cell] * k, t.w * k, t.h * k]);
      }
      return { image: sheets.sheet, rects };
    },
    get clocked() { return s.frame === null; },
    draw(ctx, x, y, scale) {
      // The box is in the sheet's pixels, and so is drawPose's scale: a document pixel is
      // scale * sheetScale canvas pixels.
      drawPose(ctx, atlas, poseAtTick(s.player.tick, pose), sheets, { x, y, scale, sheetScale: sheetScale() });
    },
    advance(seconds) {
      const before = s.player.tick;
      s.player.advance(seconds);
      return s.player.tick !== before;
    },
    step(ticks) {
      if (s.frame !== null) return;
      if (ticks > 0) s.player.advanceTicks(ticks);
      else s.player.seek(Math.max(0, s.player.tick + ticks));
    },
    restart,
    facts() {
      const b = s.box;
      const canvas = ['canvas', `${b.width} x ${b.height}, stance point at (${-b.left}, ${-b.top}): ${s.boxFrom}`];
      if (s.frame !== null) return [['frame', `${s.frame} (as stored)`], canvas];
      const p = pose;
      const v = view();
      const tick = s.player.tick;
      const facts = [
        ['tick', `${tick} (${(tick / TICKS_PER_SECOND).toFixed(2)} s)`],
        ['view', `${v}${isBackView(v) ? ' back' : ' front'}${isMirroredView(v) ? ', mirrored' : ''}`],
        ['sequence', p.name === null ? 'idle' : `${p.sequence} ${p.name}`],
        ['index', p.index === null ? '-' : p.index],
        ['shp', `${p.shp}${p.water ? ' (in water)' : ''}`],
        ['move', `${p.moveX}, ${p.moveY}`],
        ['tiles', p.count],
      ];
      if (holding()) {
        const shown = [];
        for (let i = 0; i < p.layerCount; i++) shown.push(`${p.layers[i].layer} ${p.layers[i].shp}`);
        facts.push(['weapon', `${s.weapon.type}: ${shown.length ? shown.join(', ') : 'no layer shows'}`]);
      }
      facts.push(canvas);
      $('view').textContent = `view ${v}`;
      $('step').textContent = `step ${s.step}`;
      return facts;
    },
  };
}
