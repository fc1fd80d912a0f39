/**
 * Compresses a build once, at build time: a `.br` (brotli, best quality) and a `.gz` (gzip level 9)
 * beside every text file a browser fetches (scripts, styles, SVG, JSON), which the server then sends
 * as they are (@fastify/static `preCompressed`, server/http/renderer.ts). Small files too: the
 * server would otherwise compress them on every request. Source maps are left alone, and so is the
 * server's own render module (server/http/member-pages.ts), which no browser fetches.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { RENDER_MODULE } from '../../server/http/member-pages';

const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|webmanifest|txt)$/;
const SKIPPED_DIRS = new Set(['.vite', path.dirname(RENDER_MODULE)]);

export function precompressDir(dir: string, minBytes = 0): { files: number; bytes: number; brotli: number } {
  const totals = { files: 0, bytes: 0, brotli: 0 };
  const visit = (target: string): void => {
    for (const entry of readdirSync(target)) {
      const file = path.join(target, entry);
      if (statSync(file).isDirectory()) {
        if (!SKIPPED_DIRS.has(entry)) visit(file);
        continue;
      }
      if (!COMPRESSIBLE.test(entry)) continue;
      const body = readFileSync(file);
      if (body.length < minBytes) continue;
      const brotli = brotliCompressSync(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      });
      writeFileSync(`${file}.br`, brotli);
      writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
      totals.files += 1;
      totals.bytes += body.length;
      totals.brotli += brotli.length;
    }
  };
  visit(dir);
  return totals;
}
