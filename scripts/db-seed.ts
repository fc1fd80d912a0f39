/** `npm run db:seed`: migrates, then (re)writes the demo data. */
import { createDb } from '../server/db/client';
import { migrate } from '../server/db/migrate';
import { seedDemoData } from '../prisma/seed';
import { ensureDatabaseServer } from './lib/database-server';

const server = await ensureDatabaseServer({ log: console.log });
await migrate(server.url, { log: console.log });
const db = createDb(server.url, 2);
try {
  const result = await seedDemoData(db);
  console.log(`Seeded ${result.users} members, ${result.markets} markets, ${result.giftGuides} gift guides.`);
} finally {
  await db.$disconnect();
}
