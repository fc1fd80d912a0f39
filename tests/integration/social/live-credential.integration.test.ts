/**
 * The live stream's credential (issue 27). The browser's own EventSource sends no headers, so the
 * app's live link sends the member's access token as the stream's tRPC connection parameters
 * (`?connectionParams={"token":"…"}`). Over the real server:
 * - a stream with the token is the member's; with an expired, forged or ended token it is refused
 *   with 401 and the invalid_token challenge, as the token in a header is; without one it is a
 *   visitor's, whom the procedure refuses;
 * - no other call takes a token from its address: a query or a mutation carrying connection
 *   parameters is a visitor's;
 * - the app's own client (renderer/data/data-module.tsx and its live link) opens a refused stream
 *   again with a newer token, and leaves a procedure's own refusal alone.
 */
import { EventSource } from 'eventsource';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signAccessToken, type TIdentityClaims } from '../../../server/auth/tokens';
import { createMember, identityFor } from '../../factories/identities';
import { testDb } from '../../helpers/db';
import { decodeJwt } from '../../helpers/http-client';
import { startTestServer, testDeps, type TTestServer } from '../../helpers/server';
import { createTrpcClient } from '../../../renderer/data/data-module';

let server: TTestServer;
const deps = testDeps();
const CHALLENGE = 'Bearer error="invalid_token"';

beforeAll(async () => {
  server = await startTestServer();
  // Node 20 has no EventSource; the package's behaves as the browser's when given no fetch of its own.
  vi.stubGlobal('EventSource', EventSource);
});
afterAll(() => vi.unstubAllGlobals());

async function memberToken(): Promise<string> {
  const member = await createMember(testDb());
  return (await identityFor(deps, member.id)).token;
}

/** The member's own token, re-signed so that it expired an hour ago. */
function expiredCopy(token: string): string {
  const { iat, exp, iss, aud, jti, created, expires, sub, ...claims } = decodeJwt(token);
  void [iat, exp, iss, aud, jti, created, expires];
  return signAccessToken(
    server.app.deps.config,
    { ...(claims as Omit<TIdentityClaims, 'sub'>), sub: String(sub) },
    { nowSeconds: Math.floor(Date.now() / 1000) - 3_600, ttlSeconds: 60 },
  ).token;
}
const forged = (token: string): string => `${token.slice(0, token.lastIndexOf('.'))}.${'A'.repeat(43)}`;

const withParams = (path: string, params: unknown, input: unknown = {}): string =>
  `${server.baseUrl}/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}` +
  `&connectionParams=${encodeURIComponent(JSON.stringify(params))}`;

/** Opens a stream as the browser's EventSource would (no headers of ours) and reads until `until` shows. */
async function openStream(url: string, until: RegExp) {
  const controller = new AbortController();
  const response = await fetch(url, { headers: { accept: 'text/event-stream' }, signal: controller.signal });
  let text = '';
  if (response.ok && response.body) {
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    const deadline = setTimeout(() => controller.abort(), 5_000);
    try {
      while (!until.test(text)) {
        const { done, value } = await reader.read();
        if (done) break;
        text += value;
      }
    } catch {
      // aborted at the deadline: the assertions on `text` tell what came
    } finally {
      clearTimeout(deadline);
      controller.abort();
    }
  } else text = await response.text();
  return { status: response.status, headers: response.headers, text };
}

describe("a live stream's token as its connection parameters", () => {
  it("opens the member's stream, and refuses an expired or forged token with 401 as a header's", async () => {
    const token = await memberToken();
    const stream = await openStream(
      withParams('notifications.onNotification', { token }),
      /event: ?connected[\s\S]*\n\n/,
    );
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toContain('text/event-stream');
    expect(stream.text).toMatch(/event: ?connected/);
    expect(stream.text).not.toContain('serialized-error');

    for (const bad of [expiredCopy(token), forged(token), 'not-a-jwt']) {
      const refused = await openStream(withParams('messages.onMessage', { token: bad }), /$^/);
      expect(refused.status, bad).toBe(401);
      expect(refused.headers.get('www-authenticate')).toBe(CHALLENGE);
      expect(refused.headers.get('cache-control')).toBe('no-store');
    }
  });

  it("is a visitor's stream without a token, which the procedure refuses", async () => {
    const stream = await openStream(withParams('notifications.onNotification', {}), /serialized-error[\s\S]*\n\n/);
    expect(stream.status).toBe(200);
    expect(stream.text).toContain('serialized-error');
    expect(stream.text).toContain('UNAUTHORIZED');
  });

  it('is read on subscriptions only: a query or a mutation carrying it is a visitor', async () => {
    const token = await memberToken();
    const asHeader = await fetch(`${server.baseUrl}/trpc/notifications.state`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(asHeader.status).toBe(200);
    const query = await fetch(withParams('notifications.state', { token }, undefined));
    expect(query.status).toBe(401);
    expect(query.headers.get('www-authenticate')).toBeNull();
    const mutation = await fetch(withParams('notifications.markRead', { token }, undefined), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(mutation.status).toBe(401);
  });
});

describe("the app's live link", () => {
  it('opens a refused stream again with a newer token, and leaves a procedure refusal alone', async () => {
    const token = await memberToken();
    const expired = expiredCopy(token);
    const asked: (string | null)[] = [];
    let first = true;
    const client = createTrpcClient({
      url: `${server.baseUrl}/trpc`,
      // The first connection goes with a token that expired while the tab slept.
      streamToken: async (refused) => {
        asked.push(refused);
        const answer = first ? expired : token;
        first = false;
        return answer;
      },
    });
    const started = await new Promise<unknown>((resolve, reject) => {
      const subscription = client.notifications.onNotification.subscribe(
        {},
        {
          onData: (event) => {
            subscription.unsubscribe();
            resolve(event);
          },
          onError: reject,
        },
      );
    });
    expect(started).toMatchObject({ data: null });
    // Asked once for the first connection, then once more naming the token the server refused.
    expect(asked).toEqual([null, expired]);

    // A stream the procedure itself refuses (no such exchange) is not opened again.
    asked.length = 0;
    const refusal = await new Promise<unknown>((resolve) => {
      client.exchanges.onWall.subscribe(
        { exchangeId: crypto.randomUUID() },
        { onData: () => resolve('data'), onError: (error) => resolve(error) },
      );
    });
    expect(refusal).toMatchObject({ data: { code: 'NOT_FOUND' } });
    expect(asked).toHaveLength(1);
  });
});
