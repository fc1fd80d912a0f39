/** `npm run db:migrate`: finds or starts the database server, then applies pending migrations. */
import { migrate } from '../server/db/migrate';
import { ensureDatabaseServer } from './lib/database-server';

const server = await ensureDatabaseServer({ log: console.log });
const result = await migrate(server.url, { log: console.log });
console.log(
  result.applied.length
    ? `Applied ${result.applied.length} migration(s); ${result.alreadyApplied.length} already applied.`
    : `Database is up to date (${result.alreadyApplied.length} migration(s) applied).`,
);
