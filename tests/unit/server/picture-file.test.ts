/**
 * Stored pictures appear whole, also when several writers store the same key at once (the demo
 * data's pictures, seeded by several end-to-end servers into one folder): each writer renames a
 * temporary file of its own (server/services/people/picture.ts).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writePictureFile } from '../../../server/services/people/picture';

const dataDir = mkdtempSync(path.join(tmpdir(), 'picture-file-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('writePictureFile', () => {
  it('lets writers of the same key run at once: each succeeds, one whole file stays, no temporary one', async () => {
    const versions = Array.from({ length: 8 }, (_, index) => Buffer.alloc(64 * 1024, index));
    await Promise.all(versions.map((bytes) => writePictureFile({ dataDir }, 'thanks-demo.webp', bytes)));
    const dir = path.join(dataDir, 'pictures');
    expect(readdirSync(dir)).toEqual(['thanks-demo.webp']);
    const stored = readFileSync(path.join(dir, 'thanks-demo.webp'));
    expect(versions.some((bytes) => bytes.equals(stored))).toBe(true);
  });
});
