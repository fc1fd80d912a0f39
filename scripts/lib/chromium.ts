/** Debian's Chromium for Playwright (its own browser downloads cannot run here). */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
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

export function ensureChromium(log: (line: string) => void): string {
  if (existsSync(CHROMIUM_PATH)) return CHROMIUM_PATH;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (existsSync('/etc/debian_version') && isRoot) {
    log('Chromium is missing; installing Debian chromium with apt-get…');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update', '-q'], { stdio: 'inherit', env });
    const result = spawnSync('apt-get', ['install', '-y', '-q', 'chromium'], { stdio: 'inherit', env });
    if (result.status === 0 && existsSync(CHROMIUM_PATH)) return CHROMIUM_PATH;
  }
  throw new Error(
    `Chromium not found at ${CHROMIUM_PATH}: install it (Debian: apt-get install chromium) or set CHROMIUM_PATH`,
  );
}
