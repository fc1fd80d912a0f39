/**
 * `npm run size` (and a step of `npm test`): builds the renderer, prints the gzip size of the
 * JavaScript and CSS that `/` and `/home/` need before first paint and of the largest lazy chunk,
 * and fails when a route's initial JavaScript is above the hard limit. The target it reports
 * against is smaller: a new screen should not bring a route closer to the limit.
 */
import path from 'node:path';
import { PROJECT_ROOT } from './lib/database-server';
import { ensureRendererBuilt } from './lib/renderer-build';
import { kib, measureBundle } from './lib/bundle-size';

export const INITIAL_JS_TARGET = 170 * 1024;
export const INITIAL_JS_LIMIT = 250 * 1024;

ensureRendererBuilt({ log: console.log, force: process.argv.includes('--build') });
const report = measureBundle(path.join(PROJECT_ROOT, 'renderer', 'dist'));
let failed = false;
for (const route of report.routes) {
  const verdict =
    route.jsGzip > INITIAL_JS_LIMIT ? 'OVER THE LIMIT' : route.jsGzip > INITIAL_JS_TARGET ? 'over target' : 'ok';
  if (route.jsGzip > INITIAL_JS_LIMIT) failed = true;
  console.log(
    `${route.route.padEnd(8)} initial JS ${kib(route.jsGzip).padStart(10)}  CSS ${kib(route.cssGzip).padStart(9)}  ` +
      `(target ${kib(INITIAL_JS_TARGET)}, limit ${kib(INITIAL_JS_LIMIT)}: ${verdict})`,
  );
}
console.log(`largest lazy chunk ${report.largestLazy.file} ${kib(report.largestLazy.gzip)}`);
process.exit(failed ? 1 : 0);
