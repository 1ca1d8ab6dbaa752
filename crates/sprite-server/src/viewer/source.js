// Where the viewer's answers come from: the one place that knows. Served by `serve`, from its
// HTTP API (fetched). Opened alone (the folder `cargo xtask web` writes, from disk or any static
// host, where files-wasm.js has put the WebAssembly module on the page as TACTICS_SPRITE_WASM),
// from the files the user gives, read by the package's WebAssembly module, which answers the
// API's own paths in the same shapes (files-api.js). The rest of the viewer asks for a path and
// does not know which answered.

import { answerFromFiles, lacking } from '/viewer/files-api.js';

/// Whether the answers come from the files given (the page opened alone) rather than a server.
export const fromFiles = typeof TACTICS_SPRITE_WASM === 'string';

/// The answer to `url` (an API path and query), a `Response` either way; `init` as fetch's.
export function ask(url, init) {
  return fromFiles ? answerFromFiles(url) : fetch(url, init);
}

/// The picture an answer holds (`sheet.png`, `sp2.png`, `layer.png`), its pixels as they were
/// drawn (no colour conversion), for drawPose: decoded from the PNG the server sent, or the one
/// the files' answer carries already decoded.
export async function pictureOf(response) {
  if (response.picture) return response.picture;
  return createImageBitmap(await response.blob(), { colorSpaceConversion: 'none', premultiplyAlpha: 'none' });
}

/// Why there is nothing to view, when the answers list nothing.
export function emptyReason() {
  return fromFiles
    ? `no unit kind with its sheet among the files given; lacking: ${lacking()}`
    : 'this server serves nothing to view';
}
