/**
 * Draws the demo catalogue's product pictures: one small SVG per product (a colour wash of its kind
 * of shop, a line drawing of that kind, and its name), written to renderer/public/demo/products/
 * where Vite copies them into the build the monolith serves. The seed points each product at its
 * own (prisma/seed-catalogue.ts, demoProductPicture), so the shop is complete without the network.
 *
 *   npx tsx scripts/demo-product-pictures.ts          # writes the pictures
 *   npx tsx scripts/demo-product-pictures.ts --check  # fails when one is missing or stale
 *
 * Written as SVG text by hand: a few shapes and two lines of text need no drawing library, and
 * SVG keeps each picture near 1 KB and sharp at every size.
 */
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { DEMO_PICTURE_DIR, demoPictureSubjects, type TShop } from '../prisma/seed-catalogue';

export const PICTURE_ROOT = path.resolve(import.meta.dirname, '../renderer/public', DEMO_PICTURE_DIR);

/** Two colours per kind of shop (the wash runs from one to the other). */
const PALETTE: Record<TShop, [string, string]> = {
  home: ['#c92a2a', '#e8590c'],
  tech: ['#1864ab', '#5f3dc4'],
  outdoors: ['#2b8a3e', '#087f5b'],
  kids: ['#e67700', '#d6336c'],
  kitchen: ['#a61e4d', '#c92a2a'],
  beauty: ['#c2255c', '#862e9c'],
  jewelry: ['#5f3dc4', '#1864ab'],
  fashion: ['#0b7285', '#2b8a3e'],
  paper: ['#5c940d', '#0b7285'],
  treats: ['#d6336c', '#e8590c'],
  experiences: ['#364fc7', '#0b7285'],
};

/** Line drawings on a 24-unit grid (stroked in white). */
const DRAWING: Record<TShop, string> = {
  home: '<path d="M3 11l9-7 9 7"/><path d="M5 10v10h14V10"/><path d="M10 20v-6h4v6"/>',
  tech: '<path d="M4 15v-3a8 8 0 0 1 16 0v3"/><rect x="3" y="14" width="4" height="6" rx="1.5"/><rect x="17" y="14" width="4" height="6" rx="1.5"/>',
  outdoors: '<path d="M2 20l7-11 4 6 3-4 6 9z"/><circle cx="17" cy="5" r="2"/>',
  kids: '<path d="M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z"/>',
  kitchen:
    '<path d="M4 8h12v7a5 5 0 0 1-5 5H9a5 5 0 0 1-5-5z"/><path d="M16 10h2a3 3 0 0 1 0 6h-2"/><path d="M8 2v3M12 2v3"/>',
  beauty:
    '<circle cx="12" cy="12" r="2.5"/><circle cx="12" cy="6.5" r="3"/><circle cx="12" cy="17.5" r="3"/><circle cx="6.5" cy="12" r="3"/><circle cx="17.5" cy="12" r="3"/>',
  jewelry: '<path d="M6 4h12l4 5-10 12L2 9z"/><path d="M2 9h20M9 4L7 9l5 12 5-12-2-5"/>',
  fashion: '<path d="M10 5a2 2 0 1 1 2 2v1l-9 7a1.5 1.5 0 0 0 1 3h16a1.5 1.5 0 0 0 1-3l-9-7"/>',
  paper: '<path d="M4 19V5a2 2 0 0 1 2-2h14v14H6a2 2 0 0 0-2 2 2 2 0 0 0 2 2h14v-4"/><path d="M9 7h7M9 10h5"/>',
  treats:
    '<circle cx="12" cy="9" r="6"/><path d="M12 15v7"/><path d="M12 9a2 2 0 0 1 2-2 3 3 0 0 1 0 6 4 4 0 0 1-4-4"/>',
  experiences: '<path d="M3 6h18v4a2 2 0 0 0 0 4v4H3v-4a2 2 0 0 0 0-4z"/><path d="M15 6v2M15 11v2M15 16v2"/>',
};

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The name in at most three lines of about 13 characters (an ellipsis when it runs longer). */
export function titleLines(title: string, width = 13, most = 3): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of title.split(/\s+/)) {
    if (line && `${line} ${word}`.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  if (lines.length <= most) return lines;
  return [...lines.slice(0, most - 1), `${lines[most - 1]!}…`];
}

/**
 * A 2:1 picture (cards show photos in wide boxes): the drawing in a soft circle on the left, the
 * name on the right, both inside the middle band a wide card's crop keeps.
 */
export function productPictureSvg(subject: { title: string; shop: TShop }): string {
  const [from, to] = PALETTE[subject.shop];
  const lines = titleLines(subject.title);
  const firstY = 131 - (lines.length - 1) * 18;
  const text = lines
    .map((line, index) => `<text x="226" y="${firstY + index * 36}">${escapeXml(line)}</text>`)
    .join('');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 480 240" width="480" height="240" role="img" aria-label="${escapeXml(subject.title)}">`,
    `<defs><linearGradient id="w" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>`,
    '<rect width="480" height="240" fill="url(#w)"/>',
    '<circle cx="120" cy="120" r="80" fill="#fff" fill-opacity=".16"/>',
    `<g transform="translate(66 66) scale(4.5)" fill="none" stroke="#fff" stroke-width="1.5" stroke-linecap="round" stroke-linejoin="round">${DRAWING[subject.shop]}</g>`,
    `<g fill="#fff" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" font-size="28" font-weight="700">${text}</g>`,
    '</svg>',
    '',
  ].join('');
}

/** Every picture the catalogue needs, by file name. */
export function demoPictures(): Map<string, string> {
  return new Map(demoPictureSubjects().map((subject) => [`${subject.slug}.svg`, productPictureSvg(subject)]));
}

function main(): void {
  const pictures = demoPictures();
  const check = process.argv.includes('--check');
  const present = existsSync(PICTURE_ROOT) ? readdirSync(PICTURE_ROOT) : [];
  if (check) {
    const wrong = [...pictures].filter(
      ([name, svg]) => !present.includes(name) || readFileSync(path.join(PICTURE_ROOT, name), 'utf8') !== svg,
    );
    const extra = present.filter((name) => !pictures.has(name));
    if (wrong.length || extra.length) {
      console.error(`Stale demo pictures: ${[...wrong.map(([name]) => name), ...extra].join(', ')}`);
      console.error('Run `npx tsx scripts/demo-product-pictures.ts` to draw them again.');
      process.exit(1);
    }
    console.log(`${pictures.size} demo pictures are up to date.`);
    return;
  }
  mkdirSync(PICTURE_ROOT, { recursive: true });
  for (const name of present) if (!pictures.has(name)) rmSync(path.join(PICTURE_ROOT, name));
  for (const [name, svg] of pictures) writeFileSync(path.join(PICTURE_ROOT, name), svg);
  console.log(`Wrote ${pictures.size} demo pictures to ${path.relative(process.cwd(), PICTURE_ROOT)}.`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) main();
