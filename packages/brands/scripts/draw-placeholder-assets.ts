// Draws original placeholder SVGs (an abstract geometric mark + a wordmark in a generic font) for
// every brand folder that lacks them. `--force` redraws all. Usage: npm run draw-assets -w @auxilio/brands
// The marks are deliberately plain shapes, never an imitation of a real company's logo.
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { BrandSchema, type Brand } from '@auxilio/domain';
// Not '../src/index.ts': it loads the catalog, which fails while assets are missing.
import { BRANDS_DIR } from '../src/catalog.ts';
import { contrastRatio } from '../src/contrast.ts';

type Mark = (fg: string, bg: string) => string;

/** Marks drawn in a 100 x 100 box; `bg` is the colour behind the mark, used for cut-outs. */
const MARKS: Mark[] = [
  (fg) =>
    `<circle cx="46" cy="54" r="32" fill="none" stroke="${fg}" stroke-width="14"/><circle cx="82" cy="18" r="12" fill="${fg}"/>`,
  (fg, bg) =>
    `<polygon points="50,4 90,27 90,73 50,96 10,73 10,27" fill="${fg}"/><circle cx="50" cy="50" r="16" fill="${bg}"/>`,
  (fg) =>
    `<rect x="6" y="6" width="40" height="40" rx="8" fill="${fg}"/><circle cx="74" cy="26" r="20" fill="${fg}"/><rect x="6" y="54" width="40" height="40" rx="8" fill="${fg}"/><rect x="54" y="54" width="40" height="40" rx="8" fill="${fg}"/>`,
  (fg) =>
    `<rect x="6" y="12" width="88" height="18" rx="9" fill="${fg}"/><rect x="6" y="41" width="64" height="18" rx="9" fill="${fg}"/><rect x="6" y="70" width="40" height="18" rx="9" fill="${fg}"/>`,
  (fg) => `<path d="M8 92V40A32 32 0 0 1 40 8H92V60A32 32 0 0 1 60 92Z" fill="${fg}"/>`,
  (fg, bg) =>
    `<path d="M50 8L94 88H6Z" fill="${fg}" stroke="${fg}" stroke-width="8" stroke-linejoin="round"/><circle cx="50" cy="66" r="11" fill="${bg}"/>`,
  (fg) =>
    `<path d="M10 64A40 40 0 0 1 90 64Z" fill="${fg}"/><rect x="10" y="74" width="80" height="14" rx="7" fill="${fg}"/>`,
  (fg, bg) =>
    `<path d="M50 4C27 4 14 21 14 41C14 66 50 96 50 96S86 66 86 41C86 21 73 4 50 4Z" fill="${fg}"/><circle cx="50" cy="41" r="14" fill="${bg}"/>`,
  (fg, bg) =>
    `<rect x="6" y="6" width="88" height="88" rx="22" fill="${fg}"/><rect x="26" y="26" width="20" height="20" rx="4" fill="${bg}"/><rect x="54" y="54" width="20" height="20" rx="4" fill="${bg}"/>`,
];

/** FNV-1a: a stable mark per slug, so adding a brand never changes another brand's mark. */
function hashSlug(slug: string): number {
  let hash = 0x811c9dc5;
  for (const char of slug) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0;
  return hash;
}

function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

function placeMark(mark: Mark, fg: string, bg: string, x: number, y: number, size: number): string {
  return `<g transform="translate(${x} ${y}) scale(${size / 100})">${mark(fg, bg)}</g>`;
}

/** Splits a long name into two balanced lines at a space. */
function wordmarkLines(name: string): string[] {
  if (name.length <= 13 || !name.includes(' ')) return [name];
  const words = name.split(' ');
  let best: string[] = [name];
  let bestWidth = Infinity;
  for (let i = 1; i < words.length; i++) {
    const lines = [words.slice(0, i).join(' '), words.slice(i).join(' ')];
    const width = Math.max(...lines.map((line) => line.length));
    if (width < bestWidth) [best, bestWidth] = [lines, width];
  }
  return best;
}

const FONT = 'font-family="Arial, Helvetica, sans-serif" font-weight="700"';
const TEXT_WIDTH = 112;
/** Average width of a bold Arial letter, as a fraction of the font size. */
const LETTER_WIDTH = 0.62;

function drawLogo(brand: Brand, mark: Mark): string {
  const { header, onHeader, primary } = brand.theme;
  // The mark sits on the header: use the primary colour only where it stands out from the header.
  const markColour = contrastRatio(primary, header) >= 3 ? primary : onHeader;
  const lines = wordmarkLines(brand.name);
  const longest = Math.max(...lines.map((line) => line.length));
  const size = Math.min(
    lines.length === 1 ? 20 : 15,
    Math.floor(TEXT_WIDTH / (LETTER_WIDTH * longest)),
  );
  const baselines = lines.length === 1 ? [20 + size * 0.36] : [18, 18 + size + 1];
  // Mark and wordmark centred in the 160 px box: the header shows the logo at its centre, so a
  // drawing pushed to the left would look off-centre there (decision 742).
  const drawingWidth = 40 + LETTER_WIDTH * size * longest;
  const left = Math.max(4, Math.round((160 - drawingWidth) / 2));
  const text = lines
    .map(
      (line, i) =>
        `<text x="${left + 40}" y="${(baselines[i] ?? 20).toFixed(1)}" ${FONT} font-size="${size}" fill="${onHeader}">${escapeXml(line)}</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 40" width="160" height="40" role="img"><title>${escapeXml(brand.name)} (placeholder logo)</title>${placeMark(mark, markColour, header, left, 4, 32)}${text}</svg>\n`;
}

function drawIcon(brand: Brand, mark: Mark): string {
  const { primary, onPrimary } = brand.theme;
  // Maskable icons are cropped to a circle of 40% radius: full-bleed background, mark well inside it.
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="512" height="512" role="img"><title>${escapeXml(brand.name)} (placeholder icon)</title><rect width="512" height="512" fill="${primary}"/>${placeMark(mark, onPrimary, primary, 136, 136, 240)}</svg>\n`;
}

function drawFavicon(brand: Brand, mark: Mark): string {
  const { primary, onPrimary } = brand.theme;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64"><rect width="64" height="64" rx="14" fill="${primary}"/>${placeMark(mark, onPrimary, primary, 12, 12, 40)}</svg>\n`;
}

const force = process.argv.includes('--force');
for (const folder of readdirSync(BRANDS_DIR).sort()) {
  const file = path.join(BRANDS_DIR, folder, 'brand.json');
  if (!existsSync(file)) continue;
  const brand = BrandSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  const mark = MARKS[hashSlug(brand.slug) % MARKS.length] ?? MARKS[0];
  if (!mark) throw new Error('no marks');
  const drawings = { logo: drawLogo, icon: drawIcon, favicon: drawFavicon } as const;
  for (const [asset, draw] of Object.entries(drawings)) {
    const target = path.join(BRANDS_DIR, folder, brand.assets[asset as keyof typeof drawings]);
    if (existsSync(target) && !force) continue;
    writeFileSync(target, draw(brand, mark));
    console.log(`wrote ${path.relative(BRANDS_DIR, target)}`);
  }
}
