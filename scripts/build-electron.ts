/**
 * Compiles the desktop shell (main process and preload) with esbuild into build/out/electron.
 * Electron itself is installed without its binary here, so packaging happens on a machine that can
 * download it: `npx electron-builder --config build/electron-builder.yml`.
 */
import path from 'node:path';
import { build } from 'esbuild';
import { PROJECT_ROOT } from './lib/database-server';

const outdir = path.join(PROJECT_ROOT, 'build', 'out', 'electron');
await build({
  entryPoints: { main: path.join(PROJECT_ROOT, 'electron', 'main.ts') },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: ['electron'],
  sourcemap: true,
  outExtension: { '.js': '.js' },
});
// Sandboxed preloads must be CommonJS.
await build({
  entryPoints: { preload: path.join(PROJECT_ROOT, 'electron', 'preload.ts') },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  external: ['electron'],
  outExtension: { '.js': '.cjs' },
});
console.log(`Desktop shell built into ${path.relative(PROJECT_ROOT, outdir)}`);
