/**
 * `npm run build:electron` compiles the desktop shell (issue: it must pass where Electron's binary
 * cannot be downloaded): the main process, the sandboxed preload as CommonJS, and the afterPack
 * hook with @electron/fuses bundled in, which electron-builder loads with require().
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const out = (...parts: string[]) => path.join(ROOT, 'build', 'out', ...parts);

describe('npm run build:electron', () => {
  it('builds the main process, the preload and the afterPack hook', { timeout: 60_000 }, () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build-electron.ts'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
    expect(existsSync(out('electron', 'main.js'))).toBe(true);
    // A sandboxed preload cannot be an ES module.
    expect(readFileSync(out('electron', 'preload.cjs'), 'utf8')).not.toMatch(/^\s*import\s/m);
    const hook = createRequire(import.meta.url)(out('after-pack.cjs')) as { afterPack?: unknown; default?: unknown };
    expect(typeof hook.afterPack).toBe('function');
    expect(typeof hook.default).toBe('function');
  });
});
