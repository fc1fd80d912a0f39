/** Builds the renderer when its build is missing or older than its sources. */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from './database-server';

const SOURCES = [
  'renderer',
  'server/contracts',
  'vite.config.ts',
  'scripts/lib/precompress.ts',
  'scripts/lib/route-preloads.ts',
  'scripts/lib/prerender.ts',
  'scripts/lib/vendor-shake.ts',
  'scripts/lib/lazy-chunks.ts',
  'scripts/lib/screen-preloads.ts',
  'package-lock.json',
];
const DIST = path.join(PROJECT_ROOT, 'renderer', 'dist');
const STAMP = path.join(DIST, '.source-stamp');

function walk(target: string, out: string[]): void {
  if (!existsSync(target)) return;
  const stat = statSync(target);
  if (stat.isFile()) {
    out.push(`${path.relative(PROJECT_ROOT, target)}:${stat.size}:${stat.mtimeMs}`);
    return;
  }
  for (const entry of readdirSync(target)) {
    if (entry === 'dist' || entry === 'node_modules') continue;
    walk(path.join(target, entry), out);
  }
}

export function rendererSourceStamp(): string {
  const files: string[] = [];
  for (const source of SOURCES) walk(path.join(PROJECT_ROOT, source), files);
  return createHash('sha256').update(files.sort().join('\n')).digest('hex');
}

export function isRendererBuildFresh(): boolean {
  if (!existsSync(path.join(DIST, 'index.html')) || !existsSync(STAMP)) return false;
  return readFileSync(STAMP, 'utf8').trim() === rendererSourceStamp();
}

export function ensureRendererBuilt(options: { force?: boolean; log?: (line: string) => void } = {}): boolean {
  const log = options.log ?? (() => undefined);
  if (!options.force && isRendererBuildFresh()) return false;
  log('Building the renderer…');
  const stamp = rendererSourceStamp();
  const result = spawnSync(process.execPath, RENDERER_BUILD_ARGS, {
    cwd: PROJECT_ROOT,
    stdio: 'inherit',
    env: RENDERER_BUILD_ENV,
  });
  if (result.status !== 0) throw new Error('The renderer build failed (see the output above)');
  writeRendererStamp(stamp);
  return true;
}

/** The node arguments of the build (`process.execPath` runs them), for callers that spawn it themselves. */
export const RENDERER_BUILD_ARGS = [
  path.join(PROJECT_ROOT, 'node_modules/vite/bin/vite.js'),
  'build',
  '--logLevel',
  'warn',
];

/**
 * The build's environment: a production build whoever asks for it. Vite builds for the NODE_ENV it
 * finds, so `npm start` run by a test (NODE_ENV=test) wrote a development build (React's
 * development files, the experiments panel) that the next step trusted as fresh.
 */
export const RENDERER_BUILD_ENV: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production' };

/** Marks the build as made from the sources whose stamp (rendererSourceStamp(), taken before it) is given. */
export function writeRendererStamp(stamp: string): void {
  writeFileSync(STAMP, `${stamp}\n`);
}
