/**
 * The process `runAtRateApart` (./bench-load.ts) forks: receives the run's options, sends its first
 * `warmUpS` seconds uncounted on the sockets the measured run then uses, tells the parent when the
 * measured run starts, answers with its result and exits.
 */
import http from 'node:http';
import { runAtRate, type TLoadChildMessage, type TRateOptions } from './bench-load';

const tell = (message: TLoadChildMessage, then: () => void = () => undefined): void => {
  process.send!(message, undefined, undefined, then);
};

// A parent that is gone (killed, interrupted) takes the load with it.
process.once('disconnect', () => process.exit(1));

process.once('message', (message: { options: TRateOptions; warmUpS: number }) => {
  void (async () => {
    const { options, warmUpS } = message;
    const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
    if (warmUpS > 0) await runAtRate({ ...options, durationS: warmUpS }, agent);
    tell({ kind: 'measuring' });
    const result = await runAtRate(options, agent);
    agent.destroy();
    tell({ kind: 'result', result }, () => process.exit(0));
  })().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
});
