/**
 * Compiles the desktop shell with esbuild into build/out: the main process (ESM) and the preload
 * (CommonJS, as sandboxed preloads must be) into build/out/electron, which is all the packaged app
 * holds, and electron-builder's afterPack hook (flips the fuses) into build/out/after-pack.cjs.
 * Electron itself is installed without its binary here, so packaging (`npm run desktop:package`)
 * happens on a machine that can download it.
 */
import path from 'node:path';
import { build, type BuildOptions } from 'esbuild';
import { PROJECT_ROOT } from './lib/database-server';

const out = path.join(PROJECT_ROOT, 'build', 'out');
const outdir = path.join(out, 'electron');
const shared: BuildOptions = { bundle: true, platform: 'node', target: 'node20', external: ['electron'] };

await build({
  ...shared,
  entryPoints: { main: path.join(PROJECT_ROOT, 'electron', 'main.ts') },
  outdir,
  format: 'esm',
  sourcemap: true,
  outExtension: { '.js': '.js' },
});
await build({
  ...shared,
  entryPoints: { preload: path.join(PROJECT_ROOT, 'electron', 'preload.ts') },
  outdir,
  format: 'cjs',
  outExtension: { '.js': '.cjs' },
});
// Runs inside electron-builder (Node). @electron/fuses 2 is an ES module: bundled into the CommonJS
// hook, so electron-builder loads it on any Node it runs on.
await build({
  ...shared,
  entryPoints: { 'after-pack': path.join(PROJECT_ROOT, 'electron', 'after-pack.ts') },
  outdir: out,
  format: 'cjs',
  outExtension: { '.js': '.cjs' },
});
console.log(`Desktop shell built into ${path.relative(PROJECT_ROOT, outdir)}`);
