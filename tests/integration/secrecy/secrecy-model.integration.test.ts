/**
 * The secrecy model (docs/secrecy.md; issue 24, "make the class hard to reintroduce"): random
 * sequences of legitimate actions by an organizer, an assistant who takes part, plain participants,
 * a parent with a child and a related account, and a stranger with a look-alike address, against
 * the real services and database. After every step, every session reads through every procedure
 * and REST call that could carry a secret, and nothing read may go beyond the rules (rules.ts).
 *
 * `npm test` runs SECRECY_RUNS (default 30) sequences; `npm run test:secrecy -- --runs 2000` more.
 * SECRECY_SEED (and SECRECY_PATH) replay a failure: its message gives the seed, the path and the
 * shrunk sequence of actions.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TTestServer } from '../../helpers/server';
import { chosenActions } from './actions';
import { checkEverything, newModel } from './rules';
import { buildWorld } from './world';

const RUNS = Number(process.env.SECRECY_RUNS ?? 30);
const SEED = process.env.SECRECY_SEED === undefined ? undefined : Number(process.env.SECRECY_SEED);
const PATH = process.env.SECRECY_PATH;
const MAX_ACTIONS = Number(process.env.SECRECY_MAX_ACTIONS ?? 10);

let server: TTestServer;
beforeAll(async () => {
  server = await startTestServer();
});

describe('secrecy model', () => {
  it(
    `no sequence of actions lets anyone read a secret docs/secrecy.md keeps from them (${RUNS} runs)`,
    async () => {
      const property = fc.asyncProperty(fc.commands(chosenActions(), { maxCommands: MAX_ACTIONS }), async (actions) => {
        const t0 = performance.now();
        const world = await buildWorld(server);
        if (process.env.SECRECY_DEBUG) console.log(`world: ${(performance.now() - t0).toFixed(0)} ms`);
        const model = newModel(world);
        // The starting state is checked too: nothing is known before anything happens.
        await checkEverything(model, world);
        await fc.asyncModelRun(() => ({ model, real: world }), actions);
        if (process.env.SECRECY_DEBUG) console.log(`run: ${String(actions)}`);
      });
      const details = await fc.check(property, {
        numRuns: RUNS,
        ...(SEED !== undefined ? { seed: SEED } : {}),
        ...(PATH !== undefined ? { path: PATH } : {}),
        verbose: 1,
      });
      if (details.failed) {
        const replay = `SECRECY_SEED=${details.seed} SECRECY_PATH=${details.counterexamplePath ?? ''}`;
        const steps = details.counterexample ? String(details.counterexample[0]) : '(none)';
        throw new Error(
          [
            `Secrecy model failed after ${details.numRuns} run(s), ${details.numShrinks} shrink(s).`,
            `Seed ${details.seed}, path ${details.counterexamplePath ?? ''} (replay: ${replay} npm run test:secrecy)`,
            `Shrunk sequence: ${steps}`,
            `Error: ${details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance)}`,
          ].join('\n'),
        );
      }
      expect(details.numRuns).toBe(RUNS);
    },
    120_000 + RUNS * 20_000,
  );
});
