/**
 * The server process: starts the monolith from the environment (server/main.ts). `npm run
 * build:server` bundles this file into server/dist/main.mjs; `npm run dev:server` watches it.
 * A bad setting stops it with exit code 78 and the message naming the variable.
 */
import { ConfigError, loadConfig } from './config';
import { startServer } from './main';

try {
  await startServer(loadConfig());
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(78);
  }
  throw error;
}
