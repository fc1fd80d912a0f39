/**
 * Debian's Chromium for Playwright (its own browser downloads cannot run here): the browser tests
 * and the size check run Debian's `chromium-headless-shell`, the benchmarks the full `chromium`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** The full browser: `npm run bench:web` measures pages in it, as a member's Chromium draws them. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/**
 * The old headless shell, the build Playwright itself runs headless tests in: no browser window,
 * so none of the full browser's own WebUI pages (Chromium 156 started a `--top-chrome-webui`
 * renderer for every context, each taking a fifth of a core). Measured on people.spec.ts: the
 * browser's processes used 166 s of CPU in `chromium --headless`, 113 s in the shell.
 */
export const HEADLESS_SHELL_PATH =
  process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/lib/chromium/chromium-headless-shell';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--headless',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-quic',
  '--no-first-run',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * The tests' flags: software compositing in the browser process itself, not in a GPU process of
 * its own that only passed frames along (people.spec.ts: 113 → 99 s of the browser's CPU).
 */
export const TEST_CHROMIUM_ARGS = [...CHROMIUM_ARGS, '--disable-gpu-compositing', '--in-process-gpu'];

const DEBIAN_PACKAGES = { [CHROMIUM_PATH]: 'chromium', [HEADLESS_SHELL_PATH]: 'chromium-headless-shell' };

/** The browser at `executable` (CHROMIUM_PATH by default), installed with apt-get when missing (as root). */
export function ensureChromium(log: (line: string) => void, executable: string = CHROMIUM_PATH): string {
  if (existsSync(executable)) return executable;
  const packageName = DEBIAN_PACKAGES[executable];
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (packageName && existsSync('/etc/debian_version') && isRoot) {
    log(`${packageName} is missing; installing it with apt-get…`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update', '-q'], { stdio: 'inherit', env });
    const result = spawnSync('apt-get', ['install', '-y', '-q', packageName], { stdio: 'inherit', env });
    if (result.status === 0 && existsSync(executable)) return executable;
  }
  throw new Error(
    `Chromium not found at ${executable}: install it (Debian: apt-get install ${packageName ?? 'chromium'}) or set CHROMIUM_PATH / CHROMIUM_HEADLESS_SHELL_PATH`,
  );
}
