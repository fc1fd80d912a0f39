import { expect, test } from '@playwright/test';

test.describe('foundation API', () => {
  test('health and readiness answer', async ({ request }) => {
    expect((await request.get('/healthz')).status()).toBe(200);
    const ready = await request.get('/readyz');
    expect(ready.status()).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready' });
  });

  test('REST and tRPC serve the same market data', async ({ request }) => {
    const rest = await request.get('/v1/shop/market-data?market=CA');
    expect(rest.status()).toBe(200);
    const trpc = await request.get(
      `/trpc/shop.marketData?input=${encodeURIComponent(JSON.stringify({ market: 'CA' }))}`,
    );
    const body = (await trpc.json()) as { result: { data: unknown } };
    expect(body.result.data).toEqual(await rest.json());
    expect(await rest.json()).toEqual({ market: 'CA', currency: 'CAD', locale: 'en-CA' });
  });

  test('paths without a trailing slash redirect permanently', async ({ request }) => {
    const response = await request.get('/home?from=test', { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(response.headers()['location']).toBe('/home/?from=test');
  });
});
