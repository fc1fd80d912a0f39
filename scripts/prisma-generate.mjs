// Generates the Prisma client into server/generated/prisma (not committed). Prisma's CLI looks for
// its schema engine even though `generate` does not use it; any existing file satisfies the check,
// so no engine binary is ever downloaded.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const cli = path.join(path.dirname(require.resolve('prisma/package.json')), 'build', 'index.js');
const env = {
  ...process.env,
  PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY || process.execPath,
  PRISMA_HIDE_UPDATE_MESSAGE: '1',
};
const result = spawnSync(process.execPath, [cli, 'generate'], { stdio: ['ignore', 'pipe', 'inherit'], env });
if (result.status !== 0) process.exit(result.status ?? 1);
process.stdout.write(
  result.stdout
    .toString()
    .split('\n')
    .filter((line) => line.includes('Generated'))
    .join('\n') + '\n',
);
