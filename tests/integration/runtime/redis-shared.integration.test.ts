import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureRedis } from '../../../scripts/lib/redis-server';
import { createMarket } from '../../factories/shop';
import { createMember } from '../../factories/identities';
import { testDb } from '../../helpers/db';
import { TestBrowser } from '../../helpers/http-client';
import { startTestServer, type TTestServer } from '../../helpers/server';

// Two instances of the monolith behind one Redis, as behind a load balancer.
let redis: Awaited<ReturnType<typeof ensureRedis>>;
let first: TTestServer;
let second: TTestServer;
beforeAll(async () => {
  redis = await ensureRedis();
  const env = {
    REDIS_URL: redis.url,
    REDIS_KEY_PREFIX: `test-${randomBytes(4).toString('hex')}:`,
    LOGIN_MAX_FAILURES: '2',
  };
  first = await startTestServer(env);
  second = await startTestServer(env);
});
afterAll(() => redis.stop());

describe('with REDIS_URL, instances share', () => {
  it('log-in throttling: failures on one instance block the account on the other', async () => {
    const member = await createMember(testDb());
    for (const server of [first, second]) {
      expect(
        (await new TestBrowser(server.baseUrl).post('/auth/v2/log-in/', { email: member.email, password: 'wrong' }))
          .status,
      ).toBe(401);
    }
    const blocked = await new TestBrowser(first.baseUrl).post('/auth/v2/log-in/', {
      email: member.email,
      password: member.password,
    });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    const elsewhere = await new TestBrowser(second.baseUrl).post('/auth/v2/log-in/', {
      email: member.email,
      password: member.password,
    });
    expect(elsewhere.status).toBe(429);
  });

  it('caches: a market cached by one instance is served by the other (5-minute shop cache)', async () => {
    const market = await createMarket(testDb(), { currency: 'JPY' });
    const viaFirst = await new TestBrowser(first.baseUrl).get(`/v1/shop/market-data?market=${market.countryCode}`);
    expect(viaFirst.body).toMatchObject({ market: market.countryCode, currency: 'JPY' });
    // Change the row behind the cache: the second instance still answers from the shared cache.
    await testDb().market.update({ where: { countryCode: market.countryCode }, data: { currency: 'KRW' } });
    const viaSecond = await new TestBrowser(second.baseUrl).get(`/v1/shop/market-data?market=${market.countryCode}`);
    expect(viaSecond.body).toMatchObject({ currency: 'JPY' });
  });
});
