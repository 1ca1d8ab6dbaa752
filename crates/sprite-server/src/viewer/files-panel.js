// The page's own files, when it is opened alone (source.js): its file inputs, and files dropped
// anywhere on it (a folder, loose files, edits, a disc image), are given to the WebAssembly
// module (files-api.js), and "Download mod" saves the mod made from those that are not the
// game's own, as `mod new` and `mod add` make it, as a zip Reloaded-II installs.

import { asepriteOf, fileSet, giveFiles } from '/viewer/files-api.js';

const $ = (id) => document.getElementById(id);

/// Saves `bytes` as a file named `name`.
export function saveAs(name, bytes, type) {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([bytes], { type }));
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
  window.viewer.saved = { name, bytes };
  window.viewer.saves.push(window.viewer.saved);
}

/// The zip of the mod made from the files given that are not the game's own, and its name.
export async function modZip() {
  const id = $('mod-id').value.trim();
  const files = fileSet();
  if (!files) throw new Error('give the page your files first');
  return { name: `${id}.zip`, bytes: await files.modZip({ id, name: $('mod-name').value }) };
}

/// "Save Aseprite": what `query` (a render's parameters) draws from, every sequence, as
/// `tactics-sprite export-aseprite` writes it (NAME.png and NAME.json), saved as two files.
export async function saveAseprite(query) {
  let exported;
  try {
    exported = await asepriteOf(query);
  } catch (error) {
    // A refusal of files-api.js (a Response), else an error the files gave.
    throw error instanceof Response ? new Error((await error.json()).error) : error;
  }
  const { name, png, json } = exported;
  saveAs(`${name}.png`, png, 'image/png');
  saveAs(`${name}.json`, json, 'application/json');
  return `${name}.png and ${name}.json: ${png.length} and ${json.length} bytes`;
}

/// Wires the inputs, the drop and "Download mod". `given()` is called once files are added (to
/// open or reopen what they draw); `status(text)` says what happens.
export function wireFiles({ given, status }) {
  const take = async (list) => {
    if (list.length === 0) return;
    // The start of what `first-frame` (viewer.js) ends: from files given to their first picture.
    performance.mark('files-given');
    status(`reading ${list.length} files...`);
    try {
      // A disc image among them is read in place, a slice at a time: the module's memory,
      // measured before and after, is what the page holds of it.
      window.viewer.memory = await giveFiles(list);
      await given();
    } catch (error) {
      status(`error: ${error.message}`);
    }
  };
  $('folder').addEventListener('change', (e) => take(e.target.files));
  $('files').addEventListener('change', (e) => take(e.target.files));
  document.addEventListener('dragover', (e) => e.preventDefault());
  document.addEventListener('drop', (e) => {
    e.preventDefault();
    take(e.dataTransfer.files);
  });
  $('download').addEventListener('click', async () => {
    try {
      const { name, bytes } = await modZip();
      saveAs(name, bytes, 'application/zip');
      status(`${name}: ${bytes.length} bytes`);
    } catch (error) {
      status(`error: ${error.message}`);
    }
  });
}
