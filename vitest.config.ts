import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import LongFirstSequencer from './tests/setup/sequencer';

// Two projects split by file suffix: `*.test.ts` are pure units, `*.integration.test.ts` talk to a
// real MariaDB (one database per worker, created by tests/setup/integration-global.ts).
export default defineConfig({
  test: {
    // One worker more than the cores: the integration tests wait on MariaDB much of their time, and
    // on this 2-core machine two workers left a fifth of the CPU idle (three: 262 s against 293 s,
    // 85 % busy). Every worker has its own database, so two side by side never share data.
    maxWorkers: availableParallelism() + 1,
    // The files that run for minutes start first (tests/setup/sequencer.ts).
    sequence: { sequencer: LongFirstSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx'],
          exclude: ['**/*.integration.test.ts', 'node_modules/**'],
          environment: 'node',
          // As the integration files do: a worker's files share its loaded modules. Importing them
          // again for each of the 59 files was most of their CPU (34 s isolated, 16 s shared; the
          // tests themselves take 8). No unit file mocks a module, and the one that stubs a global
          // takes it back after each test; shuffled file orders pass too.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.integration.test.ts'],
          globalSetup: ['tests/setup/integration-global.ts'],
          // A worker's files share its loaded modules: each file importing the whole server again
          // (Prisma's client, Fastify, tRPC) cost more CPU than most files' tests (measured on 20
          // files: 217 s of CPU isolated, 92 s shared). No integration file mocks a module; the
          // worker set-up makes its database and mail catcher once per worker and closes what each
          // file opened (servers and their job workers) when it ends.
          isolate: false,
          setupFiles: ['tests/setup/integration-worker.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
