/**
 * The secrecy model (docs/secrecy.md; issue 24, "make the class hard to reintroduce"): random
 * sequences of legitimate actions by an organizer, an assistant who takes part, plain participants,
 * a parent with a child and a related account, and a stranger with a look-alike address, against
 * the real services and database. After every step, every session reads through every procedure
 * and REST call that could carry a secret, and nothing read may go beyond the rules (rules.ts).
 *
 * `npm test` runs SECRECY_RUNS (default 25) sequences of up to SECRECY_MAX_ACTIONS (default 8)
 * actions; `npm run test:secrecy -- --runs 2000` runs more. A failure gives the seed, the path and
 * the shrunk sequence; `npm run test:secrecy -- --seed S --path P` replays it. SECRECY_ONLY /
 * SECRECY_SKIP narrow the actions by name (actions.ts); SECRECY_DEBUG=1 prints timings.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTestServer, type TTestServer } from '../../helpers/server';
import { chosenActions } from './actions';
import { checkEverything, newModel } from './rules';
import { buildWorld } from './world';

const env = process.env;
const RUNS = Number(env.SECRECY_RUNS ?? 25);
// A seed of our own when none is given, printed first: a run cut short still says how to replay it.
const SEED =
  env.SECRECY_SEED === undefined ? (Date.now() ^ (Math.random() * 0x7fffffff)) | 0 : Number(env.SECRECY_SEED);
const PATH = env.SECRECY_PATH;
const MAX_ACTIONS = Number(env.SECRECY_MAX_ACTIONS ?? 8);
// fast-check's commands need their own replay path (the /*replayPath*/ of a failure) besides the seed's.
const REPLAY = env.SECRECY_REPLAY;
const TIMEOUT_MS = 120_000 + RUNS * 20_000;
const debug = (line: string) => {
  if (env.SECRECY_DEBUG) console.log(line);
};

let server: TTestServer;
beforeAll(async () => {
  // A renderer shell of its own, so that the link previews of shared pages can be read (rules.ts).
  const dist = mkdtempSync(path.join(os.tmpdir(), 'gifting-secrecy-'));
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><title>Gifting</title></head><body></body></html>',
  );
  server = await startTestServer({ RENDERER_DIST: dist });
});

describe('secrecy model', () => {
  it(
    `no sequence of actions lets anyone read a secret docs/secrecy.md keeps from them (${RUNS} runs)`,
    async () => {
      console.log(`secrecy model: ${RUNS} runs, seed ${SEED}${PATH ? `, path ${PATH}` : ''}`);
      const actions = fc.commands(chosenActions(), {
        maxCommands: MAX_ACTIONS,
        ...(REPLAY !== undefined ? { replayPath: REPLAY } : {}),
      });
      const property = fc.asyncProperty(actions, async (sequence) => {
        const started = performance.now();
        const world = await buildWorld(server);
        debug(`world: ${(performance.now() - started).toFixed(0)} ms`);
        const model = newModel(world);
        // The starting state is checked too: nothing is known before anything happens.
        await checkEverything(model, world);
        await fc.asyncModelRun(() => ({ model, real: world }), sequence);
        debug(`run (${(performance.now() - started).toFixed(0)} ms): ${String(sequence)}`);
      });
      const details = await fc.check(property, {
        numRuns: RUNS,
        seed: SEED,
        ...(PATH !== undefined ? { path: PATH } : {}),
        // Shrinking replays whole runs: stop in time to still report the best sequence found.
        interruptAfterTimeLimit: TIMEOUT_MS - 30_000,
        markInterruptAsFailure: true,
      });
      if (details.failed) {
        // The actions that ran (fast-check marks them; those after the failing one did not).
        const sequence = details.counterexample
          ? [...details.counterexample[0]].filter((step) => (step as { hasRan?: boolean }).hasRan !== false)
          : [];
        const error = details.errorInstance;
        const replay = details.counterexample
          ? /replayPath="([^"]*)"/.exec(String(details.counterexample[0]))?.[1]
          : undefined;
        throw new Error(
          [
            `Secrecy model failed after ${details.numRuns} run(s) and ${details.numShrinks} shrink(s)${details.interrupted ? ' (interrupted)' : ''}.`,
            `Seed ${details.seed}, path ${details.counterexamplePath ?? '(none)'}: replay with`,
            `  npm run test:secrecy -- --seed ${details.seed} --path ${details.counterexamplePath ?? ''} --max-actions ${MAX_ACTIONS}${replay ? ` --replay '${replay}'` : ''}${env.SECRECY_ONLY ? ` --only ${env.SECRECY_ONLY}` : ''}${env.SECRECY_SKIP ? ` --skip ${env.SECRECY_SKIP}` : ''}`,
            'Shrunk sequence:',
            ...(sequence.length ? sequence.map((step, i) => `  ${i + 1}. ${String(step)}`) : ['  (no action)']),
            `Broken rule: ${error instanceof Error ? error.message : String(error)}`,
          ].join('\n'),
        );
      }
      // A replay (a path given) runs the one sequence; otherwise every run must have been made.
      if (PATH === undefined) expect(details.numRuns).toBe(RUNS);
      else expect(details.failed).toBe(false);
    },
    TIMEOUT_MS,
  );
});
