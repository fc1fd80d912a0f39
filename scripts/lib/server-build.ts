/**
 * The production server: server/serve.ts (the process's entry) bundled by esbuild
 * into server/dist/main.mjs, run by plain Node (`npm run serve`) with the heap limits of package.json's
 * `serve` script.
 *
 * Why bundle: under tsx every one of the server's ~600 modules is transformed at start, and tsx keeps
 * their sources and source maps for stack traces. The bundle starts with about 50 MiB less resident
 * memory (measured with `npm run bench:api`, issue 28). Packages stay external: they are loaded from
 * node_modules as Node finds them (native addons, Prisma's runtime, their own files on disk).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { PROJECT_ROOT } from './database-server';

export const SERVER_BUNDLE = path.join(PROJECT_ROOT, 'server', 'dist', 'main.mjs');

/** Writes server/dist/main.mjs (and its source map, for reading a stack trace by hand). ~1 s. */
export async function buildServerBundle(): Promise<string> {
  await build({
    entryPoints: [path.join(PROJECT_ROOT, 'server', 'serve.ts')],
    outfile: SERVER_BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  return SERVER_BUNDLE;
}

/** Node's arguments that start the built bundle as `npm run serve` does (the environment aside). */
export function serveArgs(): string[] {
  return [...serveNodeOptions(), SERVER_BUNDLE];
}

/**
 * Node's options in package.json's `serve` script (what production runs), so a benchmark starts the
 * server exactly as it is served: `NODE_ENV=production node --max-old-space-size=… server/dist/main.mjs`
 * gives the flags (the benchmark sets the environment itself).
 */
export function serveNodeOptions(): string[] {
  const pkg = JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const words = (pkg.scripts.serve?.split(/\s+/) ?? []).filter((word) => !/^[A-Z_]+=/.test(word));
  if (words[0] !== 'node') throw new Error('package.json\'s "serve" script must run node');
  return words.slice(1).filter((word) => word.startsWith('--'));
}
