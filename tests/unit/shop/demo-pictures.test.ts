/**
 * The demo catalogue's pictures ship with the app: every product the seed writes points at a file
 * under renderer/public (served by the monolith from the build), and the files are the ones
 * scripts/demo-product-pictures.ts draws (none missing, none stale, none left over).
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { demoPictureSubjects, demoProductPicture } from '../../../prisma/seed-catalogue';
import { demoPictures, PICTURE_ROOT, titleLines } from '../../../scripts/demo-product-pictures';

const PUBLIC_ROOT = path.resolve(import.meta.dirname, '../../../renderer/public');

describe('demo product pictures', () => {
  it('has a local picture for every product of the catalogue, as drawn by the script', () => {
    const pictures = demoPictures();
    expect(pictures.size).toBeGreaterThan(100);
    expect(readdirSync(PICTURE_ROOT).sort()).toEqual([...pictures.keys()].sort());
    for (const [name, svg] of pictures) expect(readFileSync(path.join(PICTURE_ROOT, name), 'utf8')).toBe(svg);
    for (const { slug } of demoPictureSubjects()) {
      const url = demoProductPicture(slug);
      expect(url).toMatch(/^\/demo\/products\/[a-z0-9-]+\.svg$/);
      expect(pictures.has(path.basename(url))).toBe(true);
      expect(readFileSync(path.join(PUBLIC_ROOT, url), 'utf8')).toContain('<svg');
    }
  });

  it('escapes names and keeps them to three lines', () => {
    const svg = demoPictures().get('noise-cancelling-headphones.svg') ?? '';
    expect(svg).toContain('aria-label="Noise-Cancelling Headphones"');
    expect(titleLines('A Very Long Product Name That Goes On And On')).toEqual([
      'A Very Long',
      'Product Name',
      'That Goes On…',
    ]);
    expect([...demoPictures().values()].every((picture) => !/&(?!amp;|lt;|gt;|quot;)/.test(picture))).toBe(true);
  });
});
