/**
 * Graceful shutdown under load: the real server process gets SIGTERM while twenty clients keep
 * calling a database-backed route. Every request the server had accepted finishes with its answer
 * (zero failed in-flight requests), every request after the signal gets 503 with Retry-After (or,
 * once the listener is closed, a refused connection), and the process exits 0 well within 25 s.
 */
import { describe, expect, it } from 'vitest';
import { createMember } from '../../factories/identities';
import { testDb } from '../../helpers/db';
import { runLoad, sleep, startServerProcess } from './processes';

describe('graceful shutdown under load', () => {
  it('finishes in-flight requests, answers new ones 503, exits 0 within 25 s', { timeout: 60_000 }, async () => {
    const member = await createMember(testDb());
    const server = await startServerProcess({ DATABASE_URL: process.env.DATABASE_URL!, SHUTDOWN_GRACE_MS: '10000' });
    const load = runLoad(20, () => fetch(`${server.base}/v1/users/${member.id}`));
    await sleep(1_500);
    const signalled = Date.now();
    server.child.kill('SIGTERM');
    const code = await server.exited;
    const exitedAfter = Date.now() - signalled;
    await sleep(200);
    const outcomes = await load.stop();

    expect(code).toBe(0);
    expect(exitedAfter).toBeLessThan(25_000);
    expect(server.output()).toContain('shutting down');

    const before = outcomes.filter((outcome) => outcome.started < signalled - 50);
    expect(before.length).toBeGreaterThan(50);
    // Zero failed in-flight requests: everything sent before the signal was answered 200.
    expect(before.filter((outcome) => outcome.status !== 200)).toEqual([]);

    const after = outcomes.filter((outcome) => outcome.started > signalled + 50);
    // New requests: 503 with Retry-After while draining, or refused once closed; never a 500 or a hang.
    const drained = after.filter((outcome) => outcome.status === 503);
    expect(drained.length).toBeGreaterThan(0);
    expect(drained.every((outcome) => Number(outcome.retryAfter) > 0)).toBe(true);
    expect(after.filter((outcome) => outcome.status !== 503 && outcome.status !== 0)).toEqual([]);
    expect(Math.max(...outcomes.map((outcome) => outcome.ended - outcome.started))).toBeLessThan(5_000);
  });
});
