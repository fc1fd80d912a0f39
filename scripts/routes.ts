/**
 * `npm run routes` prints every renderer route (path and name), every REST route and every tRPC
 * procedure; `npm run routes -- --json` prints the same as JSON. Read from the code itself: the
 * renderer's route table, the built Fastify app and the app router.
 */
import { buildServer } from '../server/app';
import { loadConfig } from '../server/config';
import { listProcedures, listRestRoutes } from '../server/http/route-list';
import { appRouter } from '../server/trpc/router';
import { listRenderedRoutes } from '../renderer/routes/screens';

// The database is never contacted: building the app only registers routes.
const config = loadConfig({
  ...process.env,
  DATABASE_URL: process.env.DATABASE_URL ?? 'mysql://root@127.0.0.1:3306/gifting',
  LOG_LEVEL: 'silent',
});
const app = await buildServer(config);
await app.ready();
const report = {
  renderer: listRenderedRoutes(),
  rest: listRestRoutes(app),
  trpc: listProcedures(appRouter),
};
await app.close();

if (process.argv.includes('--json')) {
  console.log(JSON.stringify(report, null, 2));
} else {
  const pad = (value: string, width: number): string => value.padEnd(width);
  console.log(`Renderer routes (${report.renderer.length})`);
  for (const route of report.renderer) {
    const notes = [
      route.hasScreen ? '' : 'no screen yet',
      route.guard ?? '',
      route.redirectTo ? `→ ${route.redirectTo}` : '',
    ]
      .filter(Boolean)
      .join(', ');
    console.log(`  ${pad(route.path, 64)} ${pad(route.name, 48)} ${notes}`);
  }
  console.log(`\nREST routes (${report.rest.length})`);
  for (const route of report.rest) console.log(`  ${pad(route.method, 7)} ${route.url}`);
  console.log(`\ntRPC procedures (${report.trpc.length})`);
  for (const procedure of report.trpc) console.log(`  ${pad(procedure.type, 9)} ${procedure.path}`);
}
