/**
 * Open-loop load for `npm run bench:api`'s fixed-rate runs and soak: requests leave at a constant
 * rate, one every 1/rate s whatever the server does, and each one's latency counts from when it was
 * due to leave (so a server that falls behind shows it in the latency, as wrk2 measures).
 *
 * Why not autocannon's `overallRate`: autocannon gives each connection a quota per second and sends
 * it back to back at the start of every second, so "half the throughput" arrives as a burst of all
 * connections at once every second, then silence — its p99 is that of the burst, not of a steady
 * load. Here the requests are spread evenly; `connections` keep-alive sockets carry them (a request
 * due while all are busy waits for one, and that wait is in its latency).
 *
 * Also: live streams (server-sent events) held open on a server while it is loaded, as the pages
 * of signed-in members keep theirs.
 */
import { fork } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';

export interface TRateOptions {
  /** Absolute URLs, used in turn (one request per due moment). */
  urls: string[];
  headers: Record<string, string>;
  /** Requests per second, overall. */
  rate: number;
  durationS: number;
  connections: number;
}

export interface TRateResult {
  /** Requests answered per second over the run. */
  achievedRate: number;
  /** Latency percentiles in ms, from the moment each request was due. */
  p50: number;
  p99: number;
  p999: number;
  non2xx: number;
  errors: number;
}

/** A request unanswered this long counts as an error (autocannon's default timeout). */
const REQUEST_TIMEOUT_MS = 10_000;

/** The value at quantile `q` of sorted values (nearest rank), rounded to 0.1 ms. */
function quantile(sorted: Float64Array, q: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return Math.round(sorted[index]! * 10) / 10;
}

/** What the load generator's process (./bench-load-child.ts) tells its parent. */
export type TLoadChildMessage = { kind: 'measuring' } | { kind: 'result'; result: TRateResult };

/**
 * runAtRate in a process of its own, after `warmUpS` seconds at the same rate that are not counted:
 * they open the connections the measured run then uses, and the first calls compile the server's
 * code. `onMeasuring` is called as the measured run starts (to sample the server from then on).
 *
 * Why apart: the benchmark's own process also drives autocannon's saturated runs, holds the live
 * streams and catches the mail. Observed with perf_hooks during `bench:api`, its collections paused
 * it for up to 30 ms (scavenges) and 28 ms (full collections), and a request due during a pause left
 * late: the pause was counted as the latency of whichever server was measured then (so a call's p99
 * at the rate changed from run to run, ours' and raw's alike). A fresh process that holds only this
 * loop keeps a small heap, and the measure is the server's.
 */
export function runAtRateApart(
  options: TRateOptions,
  warmUpS: number,
  onMeasuring: () => void = () => undefined,
): Promise<TRateResult> {
  return new Promise((resolve, reject) => {
    const child = fork(new URL('./bench-load-child.ts', import.meta.url), [], {
      // `--import tsx` resolves from the working directory: the project's, wherever this was started.
      cwd: fileURLToPath(new URL('../..', import.meta.url)),
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let result: TRateResult | null = null;
    child.on('message', (message: TLoadChildMessage) => {
      if (message.kind === 'measuring') onMeasuring();
      else result = message.result;
    });
    child.once('error', reject);
    // 'close', not 'exit': it waits for the IPC channel to deliver what the child sent before exiting.
    child.once('close', (code, signal) =>
      result
        ? resolve(result)
        : reject(new Error(`the load generator stopped (${signal ?? `exit code ${code}`}) without a result`)),
    );
    child.send({ options, warmUpS });
  });
}

/**
 * One open-loop run. `shared`: keep-alive sockets to use and leave open (a warm-up's, for the run
 * after it); by default the run opens its own and closes them at its end.
 */
export async function runAtRate(options: TRateOptions, shared?: http.Agent): Promise<TRateResult> {
  const agent = shared ?? new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const interval = 1000 / options.rate;
  const backlog = Math.max(options.connections, Math.round(options.rate * 10));
  const total = Math.max(1, Math.round(options.rate * options.durationS));
  const latencies = new Float64Array(total);
  let answered = 0;
  let non2xx = 0;
  let errors = 0;
  let pending = total;
  let inFlight = 0;
  const start = performance.now();
  let done: () => void = () => {};
  const finished = new Promise<void>((resolve) => (done = resolve));
  const settle = (): void => {
    pending -= 1;
    if (pending === 0) done();
  };

  const send = (index: number, due: number): void => {
    let settled = false;
    inFlight += 1;
    const end = (error: boolean): void => {
      if (settled) return;
      settled = true;
      inFlight -= 1;
      if (error) errors += 1;
      settle();
    };
    const request = http.request(options.urls[index % options.urls.length]!, { agent, headers: options.headers });
    request.setTimeout(REQUEST_TIMEOUT_MS, () => request.destroy(new Error('timed out')));
    request.on('response', (response) => {
      response.resume();
      response.on('end', () => {
        if (settled) return;
        latencies[answered] = performance.now() - due;
        answered += 1;
        if ((response.statusCode ?? 0) >= 300) non2xx += 1;
        end(false);
      });
      response.on('error', () => end(true));
    });
    request.on('error', () => end(true));
    request.end();
  };

  let next = 0;
  const tick = (): void => {
    const now = performance.now();
    while (next < total && start + next * interval <= now) {
      // A server more than 10 s behind is not being measured any more: what it would get next counts as errors.
      if (inFlight < backlog) send(next, start + next * interval);
      else {
        errors += 1;
        settle();
      }
      next += 1;
    }
    if (next < total) setTimeout(tick, Math.min(5, Math.max(0, start + next * interval - now)));
  };
  tick();
  await finished;
  const elapsedS = (performance.now() - start) / 1000;
  if (!shared) agent.destroy();
  const sorted = latencies.subarray(0, answered).sort();
  return {
    achievedRate: Math.round(answered / Math.max(elapsedS, options.durationS)),
    p50: quantile(sorted, 0.5),
    p99: quantile(sorted, 0.99),
    p999: quantile(sorted, 0.999),
    non2xx,
    errors,
  };
}

/**
 * Opens `count` live streams (GET on an SSE endpoint) and keeps reading them until `close()`.
 * Resolves once every one has answered its headers; `open()` says how many are still open.
 */
export async function openStreams(
  url: string,
  headers: Record<string, string>,
  count: number,
): Promise<{ open(): number; close(): void }> {
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const requests: http.ClientRequest[] = [];
  let open = 0;
  // A few at a time: each stream's first reads run on the server as it opens.
  for (let first = 0; first < count; first += 50) {
    await Promise.all(
      Array.from({ length: Math.min(50, count - first) }, () => {
        return new Promise<void>((resolve, reject) => {
          const request = http.get(url, { agent, headers: { ...headers, accept: 'text/event-stream' } });
          requests.push(request);
          request.on('response', (response) => {
            if (response.statusCode !== 200) return reject(new Error(`live stream answered ${response.statusCode}`));
            open += 1;
            response.on('data', () => {});
            response.on('close', () => (open -= 1));
            resolve();
          });
          request.on('error', reject);
        });
      }),
    );
  }
  return {
    open: () => open,
    close: () => {
      for (const request of requests) request.destroy();
      agent.destroy();
    },
  };
}
