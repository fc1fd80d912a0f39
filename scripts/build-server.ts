/** `npm run build:server`: the production server bundle (scripts/lib/server-build.ts). */
import path from 'node:path';
import { PROJECT_ROOT } from './lib/database-server';
import { buildServerBundle } from './lib/server-build';

const file = await buildServerBundle();
console.log(`Server built into ${path.relative(PROJECT_ROOT, file)}; run it with npm run serve`);
