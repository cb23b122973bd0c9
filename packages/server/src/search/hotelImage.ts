import { seededRandom } from './random.js';

const SKIES: [string, string][] = [
  ['#8ec5ff', '#e0f0ff'], ['#ffb48a', '#ffe6c7'], ['#9fd8cb', '#eafaf4'], ['#c7b8ff', '#f0ebff'], ['#7fb2e5', '#fdf1d6'],
];
const WALLS = ['#f4e3c3', '#e8d2b0', '#f7f1e8', '#d9c4a9', '#cfdde6', '#f2d5cf', '#e3e8d6'];
const ROOFS = ['#b5533c', '#6c4a3a', '#3d4f66', '#8a3b2e', '#55606e'];

/**
 * A picture of a generated hotel as SVG, drawn from its id alone: a sky, a facade with rows of
 * windows (some lit), a door with an awning and a tree or two, so every hotel of the demo has its
 * own image without any file to ship. 320×200, no text (the page gives the name as alt text).
 */
export function hotelImage(id: string): string {
  const random = seededRandom(`image|${id}`);
  const [skyTop, skyBottom] = random.pick(SKIES);
  const wall = random.pick(WALLS);
  const roof = random.pick(ROOFS);
  const floors = random.int(2, 6);
  const columns = random.int(4, 8);
  const width = columns * 30 + 20;
  const height = floors * 26 + 30;
  const left = Math.round((320 - width) / 2 + random.int(-30, 30));
  const top = 180 - height;
  const parts: string[] = [
    `<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${skyTop}"/><stop offset="1" stop-color="${skyBottom}"/></linearGradient></defs>`,
    '<rect width="320" height="200" fill="url(#s)"/>',
    `<circle cx="${random.int(30, 290)}" cy="${random.int(22, 50)}" r="${random.int(12, 20)}" fill="#fff6d5" opacity="0.9"/>`,
    `<rect x="${left}" y="${top}" width="${width}" height="${height}" fill="${wall}"/>`,
    `<rect x="${left - 6}" y="${top - 10}" width="${width + 12}" height="12" rx="2" fill="${roof}"/>`,
  ];
  for (let floor = 0; floor < floors; floor++) {
    for (let column = 0; column < columns; column++) {
      const lit = random.chance(0.3);
      parts.push(`<rect x="${left + 14 + column * 30}" y="${top + 10 + floor * 26}" width="16" height="16" rx="2" fill="${lit ? '#ffd86b' : '#5b7896'}"/>`);
    }
  }
  const door = left + width / 2 - 12;
  parts.push(`<rect x="${door}" y="${180 - 26}" width="24" height="26" fill="${roof}"/>`);
  parts.push(`<path d="M${door - 8} ${180 - 28}h40l-6 -8h-28z" fill="${random.pick(ROOFS)}"/>`);
  for (let tree = random.int(1, 2); tree > 0; tree--) {
    const x = random.chance(0.5) ? random.int(8, Math.max(9, left - 16)) : random.int(Math.min(left + width + 16, 300), 310);
    parts.push(`<rect x="${x - 2}" y="160" width="4" height="20" fill="#6b4f35"/><circle cx="${x}" cy="154" r="12" fill="#4f8a4b"/>`);
  }
  parts.push('<rect y="180" width="320" height="20" fill="#9aa6b2"/>');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 200" width="320" height="200">${parts.join('')}</svg>`;
}
