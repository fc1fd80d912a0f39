/** `npm run build:server`: the production server bundle (scripts/lib/server-build.ts). */
import path from 'node:path';
import { PROJECT_ROOT } from './lib/database-server';
import { buildServerBundle } from './lib/server-build';

const file = await buildServerBundle();
// The bundle loads sharp (native libvips) only at the first picture upload: prove here that it loads
// on this machine, so a missing or wrong-platform binary fails the build, not a member's upload.
await import('sharp');
console.log(`Server built into ${path.relative(PROJECT_ROOT, file)}; run it with npm run serve`);
