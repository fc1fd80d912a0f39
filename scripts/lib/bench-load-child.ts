/**
 * The process `runAtRateApart` (./bench-load.ts) forks: receives the run's options, sends its
 * first `warmUpS` seconds uncounted, then the measured run, answers with the result and exits.
 */
import { runAtRate, type TRateOptions } from './bench-load';

process.once('message', (message: { options: TRateOptions; warmUpS: number }) => {
  void (async () => {
    const { options, warmUpS } = message;
    if (warmUpS > 0) await runAtRate({ ...options, durationS: warmUpS });
    const result = await runAtRate(options);
    process.send!(result, () => process.exit(0));
  })().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
});
