// The page of `cargo xtask web`: the files given to its inputs read through the package's
// `files` module (the WebAssembly module, embedded by files-wasm.js so that the page works opened
// from disk), a disc image among them read in place, each kind they hold listed, and the chosen one played with the package's
// `poseAt` and `drawPose`, as the package's README shows. Classic scripts, not modules: a page
// opened from disk may not load modules.

(() => {
  const { createAtlas, drawPose, findAnimation, poseAt, openFiles, TICKS_PER_SECOND } = TacticsSprite;
  const $ = (id) => document.getElementById(id);
  const status = $('status');
  const scale = 2;
  let files = null;
  const units = new Map();

  function say(text, error = false) {
    status.textContent = text;
    status.className = error ? 'error' : '';
  }

  /** Bytes from base64. */
  function fromBase64(base64) {
    const text = atob(base64);
    const bytes = new Uint8Array(text.length);
    for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
    return bytes;
  }

  /** The wasm's bytes, from the base64 files-wasm.js holds. */
  function wasmBytes() {
    return fromBase64(TACTICS_SPRITE_WASM);
  }

  /** The second module's bytes (discs and mods), its script files-io-wasm.js loaded the first time it is needed. */
  function ioWasmBytes() {
    if (typeof TACTICS_SPRITE_IO_WASM === 'string') return Promise.resolve(fromBase64(TACTICS_SPRITE_IO_WASM));
    return new Promise((resolve, reject) => {
      const script = document.createElement('script');
      script.src = 'files-io-wasm.js';
      script.onload = () => resolve(fromBase64(TACTICS_SPRITE_IO_WASM));
      script.onerror = () => reject(new Error('files-io-wasm.js (the module of discs and mods) could not be loaded'));
      document.head.append(script);
    });
  }

  /** A kind's atlas and sheets, built once from the files. */
  function unit(kind) {
    if (!units.has(kind)) {
      const atlas = createAtlas(files.document(kind));
      const sheets = {};
      for (const [key, named] of [['sheet', atlas.doc.sheet], ['sp2', atlas.doc.sp2]]) {
        if (!named) continue;
        let pixels;
        try {
          pixels = key === 'sp2' ? files.sheet(named.file, { sp2Of: atlas.doc.sheet.file }) : files.sheet(named.file);
        } catch (error) {
          if (key === 'sheet') throw error;
          continue; // no SP2 given: its tiles are left out, as drawPose does
        }
        const canvas = new OffscreenCanvas(pixels.width, pixels.height);
        canvas.getContext('2d').putImageData(new ImageData(pixels.data, pixels.width, pixels.height), 0, 0);
        sheets[key] = canvas;
      }
      units.set(kind, { atlas, sheets });
    }
    return units.get(kind);
  }

  /** Draws `kind`'s `animation` in `view` at `tick`, its stance point at (x, y). */
  function drawUnit(ctx, kind, animation, view, tick, x, y, drawScale = scale) {
    const { atlas, sheets } = unit(kind);
    drawPose(ctx, atlas, poseAt(atlas, findAnimation(atlas, animation), view, tick), sheets, { x, y, scale: drawScale });
  }

  function fill(select, values) {
    select.replaceChildren(...values.map((v) => new Option(v, v)));
  }

  async function given(list) {
    units.clear();
    say(`Reading ${list.length} files...`);
    try {
      // A disc image among them is read in place, a slice at a time: the module's memory,
      // measured before and after, is what the page holds of it.
      files = await openFiles([], { wasm: wasmBytes(), ioWasm: ioWasmBytes });
      const before = files.memoryBytes();
      await files.addFiles(list);
      window.page.memory = { before, after: files.memoryBytes() };
      const listed = files.list();
      const kinds = listed.kinds.filter((k) => !k.layer && k.sheetFile).map((k) => k.kind);
      if (kinds.length === 0) {
        const lacking = listed.lacking.filter((k) => !k.layer).map((k) => `${k.kind} (${k.missing.join(', ')})`);
        say(`No unit kind with its sheet among these files; lacking: ${lacking.join('; ')}`, true);
        return;
      }
      fill($('kind'), kinds);
      chooseKind();
      say(`${listed.files} files: ${kinds.join(', ')}`);
      window.page.ready = true;
    } catch (error) {
      say(error.message, true);
    }
  }

  function chooseKind() {
    const { atlas } = unit($('kind').value);
    fill($('animation'), atlas.doc.animations.map((a) => a.name));
    const walk = atlas.doc.animations.find((a) => a.name === 'Walk');
    if (walk) $('animation').value = 'Walk';
    started = performance.now();
  }

  fill($('view'), ['0', '1', '2', '3', '4', '5', '6', '7']);
  $('view').value = '1';
  let started = performance.now();
  $('folder').addEventListener('change', (e) => given(e.target.files));
  $('files').addEventListener('change', (e) => given(e.target.files));
  // Files or a disc image dropped anywhere on the page.
  document.addEventListener('dragover', (e) => e.preventDefault());
  document.addEventListener('drop', (e) => {
    e.preventDefault();
    if (e.dataTransfer.files.length) given(e.dataTransfer.files);
  });
  $('kind').addEventListener('change', () => {
    try { chooseKind(); } catch (error) { say(error.message, true); }
  });
  $('animation').addEventListener('change', () => { started = performance.now(); });

  /** The zip of the mod made from the files given (those not the game's own), and its name. */
  async function modZip() {
    const id = $('mod-id').value.trim();
    return { name: `${id}.zip`, bytes: await files.modZip({ id, name: $('mod-name').value }) };
  }

  /** Saves `bytes` as a file named `name`. */
  function save(name, bytes, type) {
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([bytes], { type }));
    link.download = name;
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
  }

  /** The chosen animation in the chosen view as `tactics-sprite render` writes it (`apng` or `gif`). */
  function animated(format) {
    const kind = $('kind').value;
    const animation = $('animation').value;
    const bytes = files.render(kind, { animation, view: Number($('view').value), format });
    return { name: `${kind}-${animation.replace(/\W+/g, '-')}.${format === 'apng' ? 'png' : 'gif'}`, bytes };
  }

  for (const format of ['apng', 'gif']) {
    $(`save-${format}`).addEventListener('click', () => {
      if (!window.page.ready) return say('Give the page your files first.', true);
      try {
        const { name, bytes } = animated(format);
        save(name, bytes, format === 'gif' ? 'image/gif' : 'image/png');
        say(`${name}: ${bytes.length} bytes`);
      } catch (error) {
        say(error.message, true);
      }
    });
  }

  $('download').addEventListener('click', async () => {
    if (!files) return say('Give the page your files first.', true);
    try {
      const { name, bytes } = await modZip();
      save(name, bytes, 'application/zip');
      say(`${name}: ${bytes.length} bytes`);
    } catch (error) {
      say(error.message, true);
    }
  });

  function frame(now) {
    requestAnimationFrame(frame);
    if (!window.page.ready) return;
    const canvas = $('stage');
    const ctx = canvas.getContext('2d');
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    // A frame may be stamped before the moment a choice was made: the clock starts at 0.
    const tick = Math.max(0, Math.floor(((now - started) * TICKS_PER_SECOND) / 1000));
    try {
      drawUnit(ctx, $('kind').value, $('animation').value, Number($('view').value), tick, canvas.width / 2, canvas.height * 0.6);
    } catch (error) {
      say(error.message, true);
      window.page.ready = false;
    }
  }
  requestAnimationFrame(frame);

  // For the browser test: whether the files are read, and the drawing the page does.
  window.page = { ready: false, memory: null, drawUnit, given, modZip, animated };
})();
