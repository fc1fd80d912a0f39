/**
 * A renderer build folder for server tests: the shell (index.html with an empty `#root`) and the
 * build's route preload table (server/http/route-preloads.ts), as `vite build` writes them.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TRoutePreloads } from '../../server/http/route-preloads';

const SHELL =
  '<!doctype html><html><head><meta charset="UTF-8" /><title>Gifting</title></head><body><div id="root"></div></body></html>';

/** `/home/` with a screen chunk, a style and a member's part, the table the preload tests read. */
export const HOME_PRELOADS: TRoutePreloads = {
  routes: [
    {
      path: '/home/',
      files: ['/assets/home-screen-a1.js'],
      styles: ['/assets/home-b2.css'],
      member: { files: ['/assets/member-home-c3.js'], styles: [] },
    },
  ],
  member: { files: [], styles: [] },
};

/** A new build folder (under the system's temporary folder) with the shell and this preload table. */
export function rendererDist(name: string, table: TRoutePreloads): string {
  const dist = mkdtempSync(path.join(os.tmpdir(), `gifting-${name}-`));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), SHELL);
  writeFileSync(path.join(dist, 'route-preloads.json'), JSON.stringify(table));
  return dist;
}
