// A stand-in sheet for the examples: every cell of the document a rectangle of its own colour,
// lighter on its left half (so that a mirrored tile shows) with a dark outline. The game's sheets
// are not part of this package; give your own with ?sheet=URL (a PNG in the sheet's layout).
export function cellMap(atlas) {
  const { width, height } = atlas.sheet;
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  for (const cell of atlas.doc.cells) {
    const hue = (cell.id * 97) % 360;
    ctx.fillStyle = `hsl(${hue} 60% 30%)`;
    ctx.fillRect(cell.x, cell.y, cell.w, cell.h);
    ctx.fillStyle = `hsl(${hue} 80% 75%)`;
    ctx.fillRect(cell.x + 1, cell.y + 1, cell.w / 2 - 1, cell.h - 2);
    ctx.fillStyle = `hsl(${hue} 65% 55%)`;
    ctx.fillRect(cell.x + cell.w / 2, cell.y + 1, cell.w / 2 - 1, cell.h - 2);
  }
  return canvas;
}

/** The sheet named by ?sheet=, or the cell map. */
export async function sheetFor(atlas, params) {
  const url = params.get('sheet');
  if (!url) return cellMap(atlas);
  const image = new Image();
  image.src = url;
  await image.decode();
  return image;
}
