/**
 * bench:api's fixed-rate load (scripts/lib/bench-load.ts), run as the benchmark runs it: in a
 * process of its own, against a local HTTP server that counts what reaches it.
 */
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAtRateApart } from '../../../scripts/lib/bench-load';

const ANSWER_AFTER_MS = 20;
let requests = 0;
const sockets = new Set<Socket>();
const server = http.createServer((request, response) => {
  requests += 1;
  setTimeout(() => {
    response.statusCode = request.url === '/refused' ? 503 : 200;
    response.end('ok');
  }, ANSWER_AFTER_MS);
});
server.on('connection', (socket) => sockets.add(socket));
let base = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the fixed-rate load, in its own process', () => {
  it('sends a warm-up, then the measured run on the same sockets, and counts latency from when each was due', async () => {
    requests = 0;
    sockets.clear();
    let atMeasuring = -1;
    const result = await runAtRateApart(
      { urls: [`${base}/ok`], headers: {}, rate: 100, durationS: 1, connections: 4 },
      1,
      () => (atMeasuring = requests),
    );
    // 100 requests in the warm-up second, 100 measured: every one answered, none counted twice.
    expect(requests).toBe(200);
    expect(atMeasuring).toBeGreaterThanOrEqual(100);
    expect(atMeasuring).toBeLessThan(200);
    expect(result.non2xx + result.errors).toBe(0);
    // The measured run reused the warm-up's keep-alive sockets instead of opening its own.
    expect(sockets.size).toBeLessThanOrEqual(4);
    // Each answer took the server 20 ms: no latency can be shorter.
    expect(result.p50).toBeGreaterThanOrEqual(ANSWER_AFTER_MS);
    expect(result.p99).toBeGreaterThanOrEqual(result.p50);
  }, 30_000);

  it('counts answers that are not 2xx', async () => {
    const result = await runAtRateApart(
      { urls: [`${base}/refused`], headers: {}, rate: 50, durationS: 1, connections: 2 },
      0,
    );
    expect(result.non2xx).toBe(50);
  }, 30_000);
});
