/**
 * The production server: server/serve.ts (the process's entry) bundled by esbuild
 * into server/dist/main.mjs, run by plain Node (`npm run serve`) with the heap limits of package.json's
 * `serve` script.
 *
 * Why bundle: under tsx every one of the server's ~600 modules is transformed at start, and tsx keeps
 * their sources and source maps for stack traces. The bundle starts with about 50 MiB less resident
 * memory (measured with `npm run bench:api`, issue 28). Packages stay external: they are loaded from
 * node_modules as Node finds them (native addons, their own files on disk), but for one: Prisma's
 * runtime is loaded from a patched copy beside the bundle (./prisma-runtime-patch.ts says why).
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';
import { PROJECT_ROOT } from './database-server';
import { patchedPrismaRuntime } from './prisma-runtime-patch';

export const SERVER_BUNDLE = path.join(PROJECT_ROOT, 'server', 'dist', 'main.mjs');

/**
 * The patched runtime, beside the bundle: CommonJS like the file it copies, so its own requires
 * (packages, node:) resolve from server/dist up to node_modules as before.
 */
export const PRISMA_RUNTIME_COPY = path.join(path.dirname(SERVER_BUNDLE), 'prisma-runtime-client.cjs');

/**
 * Writes the copy only when it changed, and by a rename: integration tests start server/dist while
 * another worker may be building it (bench:api --check), and must never read a half-written file.
 */
function writePatchedRuntime(): void {
  const patched = patchedPrismaRuntime();
  if (existsSync(PRISMA_RUNTIME_COPY) && readFileSync(PRISMA_RUNTIME_COPY, 'utf8') === patched) return;
  mkdirSync(path.dirname(PRISMA_RUNTIME_COPY), { recursive: true });
  const partial = `${PRISMA_RUNTIME_COPY}.${process.pid}.tmp`;
  writeFileSync(partial, patched);
  renameSync(partial, PRISMA_RUNTIME_COPY);
}

/** Writes the patched copy of Prisma's runtime and points the generated client's imports at it. */
function patchedPrismaRuntimePlugin(): Plugin {
  return {
    name: 'gifting-patched-prisma-runtime',
    setup(build) {
      build.onStart(writePatchedRuntime);
      build.onResolve({ filter: /^@prisma\/client\/runtime\/client$/ }, () => ({
        path: `./${path.basename(PRISMA_RUNTIME_COPY)}`,
        external: true,
      }));
    },
  };
}

/**
 * Writes server/dist/main.mjs (and its source map, for reading a stack trace by hand) and Prisma's
 * patched runtime beside it. ~1 s.
 */
export async function buildServerBundle(): Promise<string> {
  await build({
    entryPoints: [path.join(PROJECT_ROOT, 'server', 'serve.ts')],
    outfile: SERVER_BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    plugins: [patchedPrismaRuntimePlugin()],
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
