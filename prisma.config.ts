import { defineConfig } from 'prisma/config';

// The connection URL is only needed by Prisma's own CLI (`prisma migrate deploy` where its engine can
// be downloaded). The app and `npm run db:migrate` read DATABASE_URL through server/config.ts.
export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations', seed: 'tsx prisma/seed.ts' },
  datasource: { url: process.env.DATABASE_URL ?? 'mysql://root@127.0.0.1:3306/gifting' },
});
