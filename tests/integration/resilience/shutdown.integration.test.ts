/**
 * Graceful shutdown under load: the real server process gets SIGTERM while twenty clients keep
 * calling a database-backed route, and while one slow upload the server has already accepted is
 * still arriving. Every request the server had accepted finishes with its answer (zero failed
 * in-flight requests); a request that arrives while it drains gets 503 with Retry-After, and once
 * the listener is closed a connection is refused; the process exits 0 well within 25 s.
 *
 * "Accepted" is the server's view, not the client's: a request a client started a few
 * milliseconds before the signal may reach the server after it, and is then rightly refused with
 * a 503; and a request sent on a kept-alive connection as the server closes it was never read.
 * So the load's outcomes are judged by kind and by when they were sent, and the in-flight
 * guarantee by the slow upload, which the server has certainly accepted before the signal.
 */
import { request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import { createMember } from '../../factories/identities';
import { testDb } from '../../helpers/db';
import { runLoad, sleep, startServerProcess, type TOutcome } from './processes';

/** Resolves once `ready()` holds; fails after 20 s. */
async function waitFor(ready: () => boolean): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!ready()) {
    if (Date.now() > deadline) throw new Error('timed out waiting for the server');
    await sleep(50);
  }
}

/** Starts a POST whose body arrives in two halves; resolves the status once answered. */
function slowUpload(base: string, body: string) {
  const url = new URL('/v1/logs', base);
  let sendRest: () => void = () => {};
  const answered = new Promise<number>((resolve, reject) => {
    const request = httpRequest(
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), origin: base },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
    const half = Math.floor(body.length / 2);
    request.write(body.slice(0, half));
    sendRest = () => request.end(body.slice(half));
  });
  return { answered, sendRest: () => sendRest() };
}

const GRACE_MS = 10_000;
/** What the drain answers (server/http/drain.ts). */
const DRAIN_MESSAGE = 'The server is restarting; please retry';

describe('graceful shutdown under load', () => {
  it('finishes in-flight requests, answers new ones 503, exits 0 within 25 s', { timeout: 60_000 }, async () => {
    const member = await createMember(testDb());
    const server = await startServerProcess({
      DATABASE_URL: process.env.DATABASE_URL!,
      SHUTDOWN_GRACE_MS: String(GRACE_MS),
      // Debug logs each request's arrival: the upload is signalled only once the server has it.
      LOG_LEVEL: 'debug',
      // Only the drain may refuse here (the overload guard has its own tests): on a loaded machine
      // twenty clients and a collection have lagged this process's event loop past the 1 s default.
      EVENT_LOOP_MAX_DELAY_MS: '0',
    });
    const load = runLoad(20, () => fetch(`${server.base}/v1/users/${member.id}`));
    const entry = { level: 'error', category: 'shutdown', message: 'in flight', clientKind: 'web', appVersion: '1' };
    const upload = slowUpload(server.base, JSON.stringify({ entries: [{ ...entry, timestamp: Date.now() }] }));
    // Signalled once the server is serving (more than ten answers) and has the upload: its arrival
    // is in the server's log. Waited for, not slept: beside a busy core a fixed 1.5 s was not always
    // enough to read the upload's headers, nor 1 s to answer a first request.
    const arrived = /incoming request.*"url":"\/v1\/logs"|"url":"\/v1\/logs".*incoming request/;
    await waitFor(
      () => load.outcomes.filter((outcome) => outcome.status === 200).length > 10 && arrived.test(server.output()),
    );
    const signalled = Date.now();
    server.child.kill('SIGTERM');
    // The upload's headers reached the server long ago (it is in flight); the rest comes after the signal.
    await sleep(500);
    upload.sendRest();
    const uploadStatus = await upload.answered;
    const code = await server.exited;
    const exitedAfter = Date.now() - signalled;
    await sleep(200);
    const outcomes = await load.stop();

    expect(code).toBe(0);
    expect(exitedAfter).toBeLessThan(25_000);
    expect(server.output()).toContain('shutting down');
    // Zero failed in-flight requests: the accepted upload was answered as if nothing happened.
    expect(uploadStatus).toBe(204);

    // The server was serving before the signal.
    expect(outcomes.filter((outcome) => outcome.ended < signalled && outcome.status === 200).length).toBeGreaterThan(
      10,
    );
    // Every request was answered (the server may take in a few sent just after the signal, before
    // its handler ran) or refused by the drain with Retry-After: never a 500 or a hang.
    const answeredOrRefused = (outcome: TOutcome): boolean =>
      outcome.status === 200 || (outcome.status === 503 && Number(outcome.retryAfter) > 0);
    // Those sent before the signal reached the server: never a cut connection.
    expect(outcomes.filter((outcome) => outcome.started < signalled && !answeredOrRefused(outcome))).toEqual([]);
    // After it, a request may also find no connection: the listener closed, or a kept-alive
    // connection the closing server had not read a request from (never accepted).
    expect(outcomes.filter((outcome) => !answeredOrRefused(outcome) && outcome.status !== 0)).toEqual([]);
    // The drain's refusals, all after the signal. (A starved machine may also see the database
    // monitor's 503 before it, when its `SELECT 1` took over a second: a refusal with Retry-After too.)
    const drained = outcomes.filter((outcome) => outcome.status === 503 && outcome.message === DRAIN_MESSAGE);
    expect(drained.length).toBeGreaterThan(0);
    expect(Math.min(...drained.map((outcome) => outcome.ended))).toBeGreaterThanOrEqual(signalled);
    // No request hung: none outlived the shutdown's grace period (a pace limit below it failed only
    // on a starved machine, where twenty clients beside a busy core waited over 5 s for an answer).
    expect(Math.max(...outcomes.map((outcome) => outcome.ended - outcome.started))).toBeLessThan(GRACE_MS);
  });
});
