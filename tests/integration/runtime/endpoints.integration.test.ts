import { beforeAll, describe, expect, it } from 'vitest';
import { createMember, identityFor } from '../../factories/identities';
import { createContent, createFeature } from '../../factories/runtime';
import { testDb } from '../../helpers/db';
import { TestBrowser } from '../../helpers/http-client';
import { startTestServer, testDeps, type TTestServer } from '../../helpers/server';

let server: TTestServer;
beforeAll(async () => {
  server = await startTestServer({ CLIENT_LOG_RATE_PER_MINUTE: '5', MERCHANT_HOSTS: 'shop.example,etsy.com' });
});
const browser = (): TestBrowser => new TestBrowser(server.baseUrl);

describe('features and experiments', () => {
  it('assigns a weighted variant, sticky per visitor, and lists it', async () => {
    const feature = await createFeature(testDb(), [
      { name: 'a', weight: 1 },
      { name: 'b', weight: 1 },
    ]);
    const visitor = browser();
    const first = await visitor.get(`/v1/features/${feature.name}/assignment`);
    expect(first.status).toBe(200);
    const variant = String(first.body.assignedVariant);
    expect(['a', 'b']).toContain(variant);
    for (let i = 0; i < 3; i += 1)
      expect((await visitor.get(`/v1/features/${feature.name}/assignment`)).body.assignedVariant).toBe(variant);
    const list =
      await visitor.get<
        { name: string; assignedVariant: string; isWinningVariant: boolean; lastChecked: number; tag: string }[]
      >('/v1/features/');
    expect(list.body.find((entry) => entry.name === feature.name)).toMatchObject({
      assignedVariant: variant,
      tag: 'test',
      isWinningVariant: false,
    });
  });

  it('spreads visitors by weight', async () => {
    const feature = await createFeature(testDb(), [
      { name: 'rare', weight: 1 },
      { name: 'common', weight: 9 },
    ]);
    const counts: Record<string, number> = { rare: 0, common: 0 };
    for (let i = 0; i < 60; i += 1)
      counts[String((await browser().get(`/v1/features/${feature.name}/assignment`)).body.assignedVariant)]! += 1;
    expect(counts.common).toBeGreaterThan(counts.rare!);
    expect(counts.common! + counts.rare!).toBe(60);
  });

  it('answers 304 when unchanged since lastChecked and 404 for unknown features', async () => {
    const feature = await createFeature(testDb(), [{ name: 'only', weight: 1 }]);
    const visitor = browser();
    const first = await visitor.get(`/v1/features/${feature.name}/assignment`);
    const again = await visitor.get(
      `/v1/features/${feature.name}/assignment?lastChecked=${Number(first.body.lastChecked)}`,
    );
    expect(again.status).toBe(304);
    expect((await visitor.get(`/v1/features/${feature.name}/assignment?lastChecked=0`)).status).toBe(200);
    expect((await visitor.get('/v1/features/no-such-feature/assignment')).status).toBe(404);
  });

  it('a winning variant is what everyone gets', async () => {
    const feature = await createFeature(
      testDb(),
      [
        { name: 'a', weight: 1 },
        { name: 'b', weight: 1 },
      ],
      { winningVariant: 'b' },
    );
    const answer = await browser().get(`/v1/features/${feature.name}/assignment`);
    expect(answer.body).toMatchObject({ assignedVariant: 'b', isWinningVariant: true });
  });

  it('a member keeps their variant across devices; start is recorded with an empty body', async () => {
    const feature = await createFeature(testDb(), [
      { name: 'a', weight: 1 },
      { name: 'b', weight: 1 },
    ]);
    const member = await createMember(testDb());
    const token = (await identityFor(testDeps(), member.id)).token;
    const laptop = await browser().get(`/v1/features/${feature.name}/assignment`, { bearer: token });
    const phone = await browser().get(`/v1/features/${feature.name}/assignment`, { bearer: token });
    expect(phone.body.assignedVariant).toBe(laptop.body.assignedVariant);
    const start = await browser().post(
      `/v1/features/${feature.name}/variants/${String(laptop.body.assignedVariant)}/start`,
      undefined,
      { bearer: token },
    );
    expect(start.status).toBe(204);
    const row = await testDb().featureAssignment.findFirstOrThrow({
      where: { featureName: feature.name, subjectKey: `user:${member.id}` },
    });
    expect(row.startedAt).toBeInstanceOf(Date);
  });

  it('POST /auth/set-experiment/ stores a chosen variant', async () => {
    const feature = await createFeature(testDb(), [
      { name: 'a', weight: 1000 },
      { name: 'b', weight: 0 },
    ]);
    const visitor = browser();
    expect((await visitor.get(`/v1/features/${feature.name}/assignment`)).body.assignedVariant).toBe('a');
    const set = await visitor.post('/auth/set-experiment/', {
      experimentName: feature.name,
      variant: 'b',
      note: 'from the panel',
    });
    expect(set.status).toBe(200);
    expect((await visitor.get(`/v1/features/${feature.name}/assignment`)).body.assignedVariant).toBe('b');
    expect((await visitor.post('/auth/set-experiment/', { experimentName: feature.name, variant: 'zzz' })).status).toBe(
      404,
    );
  });
});

describe('content, enums and where-am-i', () => {
  it('serves content by section and component name; the section defaults to screens', async () => {
    const content = await createContent(testDb(), {
      title: 'Contact',
      sections: [{ heading: 'Hi', body: 'Write to us' }],
    });
    const full = await browser().get(`/v1/content/screens/${content.componentName}`);
    expect(full.body).toMatchObject({ title: 'Contact', sections: [{ heading: 'Hi', body: 'Write to us' }] });
    expect((await browser().get(`/v1/content/${content.componentName}`)).body).toEqual(full.body);
    expect((await browser().get('/v1/content/screens/missing-thing')).status).toBe(404);
    expect((await browser().get('/v1/content/screens/..%2Fetc')).status).toBe(400);
  });

  it('where-am-i reads the edge header, else Accept-Language, else null', async () => {
    expect((await browser().get('/v1/auth/.where-am-i', { headers: { 'cf-ipcountry': 'gb' } })).body).toEqual({
      countryCode: 'GB',
    });
    expect(
      (await browser().get('/v1/auth/.where-am-i', { headers: { 'accept-language': 'fr-CA,fr;q=0.9' } })).body,
    ).toEqual({ countryCode: 'CA' });
    expect((await browser().get('/v1/auth/.where-am-i', { headers: { 'accept-language': 'en' } })).body).toEqual({
      countryCode: null,
    });
  });
});

describe('the link redirector', () => {
  it('unwraps allow-listed merchant links', async () => {
    const response = await browser().get(`/v1/links/click?url=${encodeURIComponent('https://www.etsy.com/listing/1')}`);
    expect(response.status).toBe(302);
    expect(response.location).toBe('https://www.etsy.com/listing/1');
  });

  it.each([
    'https://evil.example/',
    'javascript:alert(1)',
    'https://etsy.com.evil.example/',
    'https://user:pw@etsy.com/',
    'data:text/html,hi',
    '//evil.example',
  ])('never redirects to %s', async (target) => {
    const response = await browser().get(`/v1/links/click?url=${encodeURIComponent(target)}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
    expect(String(response.body)).toContain('You are leaving Gifting');
    expect(String(response.body)).not.toContain('<script');
  });
});

describe('POST /v1/logs', () => {
  const entry = {
    level: 'error',
    category: 'routing',
    message: 'Chunk failed',
    clientKind: 'web',
    timestamp: Date.now(),
    appVersion: '1.0.0',
  };

  it('accepts a batch and answers 204', async () => {
    const client = new TestBrowser(server.baseUrl);
    expect((await client.post('/v1/logs', { entries: [entry, { ...entry, level: 'warn' }] })).status).toBe(204);
  });

  it('accepts the web logger’s own entries, whose timestamp is an ISO time (a not-found page’s report)', async () => {
    const client = new TestBrowser(server.baseUrl);
    const notFound = {
      ...entry,
      level: 'warn',
      message: 'Route not found: /admin/users/',
      timestamp: new Date().toISOString(),
      info: { path: '/admin/users/', status: 404 },
    };
    expect((await client.post('/v1/logs', [notFound])).status).toBe(204);
    expect((await client.post('/v1/logs', [{ ...notFound, timestamp: 'yesterday' }])).status).toBe(400);
  });

  it('refuses malformed entries with 400', async () => {
    const response = await browser().post('/v1/logs', [{ ...entry, level: 'shout' }]);
    expect(response.status).toBe(400);
  });

  it('refuses oversized batches with 413', async () => {
    const response = await browser().post('/v1/logs', [{ ...entry, info: { blob: 'x'.repeat(70_000) } }]);
    expect(response.status).toBe(413);
  });

  it('rate-limits a flood with 429', async () => {
    const flooding = await startTestServer({ CLIENT_LOG_RATE_PER_MINUTE: '3' });
    const client = new TestBrowser(flooding.baseUrl);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await client.post('/v1/logs', [entry])).status);
    expect(statuses.slice(0, 3)).toEqual([204, 204, 204]);
    expect(statuses.slice(3)).toEqual([429, 429]);
  });
});

describe('terms of service', () => {
  it('a member reads and accepts their own terms; never someone else’s', async () => {
    const member = await createMember(testDb());
    const other = await createMember(testDb());
    const token = (await identityFor(testDeps(), member.id)).token;
    expect((await browser().get(`/v1/users/${member.id}/terms-of-service`, { bearer: token })).body).toBe(false);
    expect((await browser().post(`/v1/users/${member.id}/terms-of-service`, undefined, { bearer: token })).status).toBe(
      204,
    );
    expect((await browser().get(`/v1/users/${member.id}/terms-of-service`, { bearer: token })).body).toBe(true);
    expect((await browser().get(`/v1/users/${other.id}/terms-of-service`, { bearer: token })).status).toBe(403);
    expect((await browser().post(`/v1/users/${other.id}/terms-of-service`, undefined, { bearer: token })).status).toBe(
      403,
    );
    expect((await browser().get(`/v1/users/${member.id}/terms-of-service`)).status).toBe(401);
  });

  it('are accepted with the account when the sign-up form says so, and only then', async () => {
    const signUp = async (acceptTerms?: boolean) => {
      const email = `terms-${crypto.randomUUID().slice(0, 8)}@example.test`;
      const answer = await browser().post('/auth/v2/sign-up/', {
        name: 'Tess Terms',
        email,
        password: 'sherwood',
        ...(acceptTerms === undefined ? {} : { acceptTerms }),
      });
      expect(answer.status).toBe(201);
      const userId = String(answer.body.userId);
      const token = String(answer.body.accessToken);
      return (await browser().get(`/v1/users/${userId}/terms-of-service`, { bearer: token })).body;
    };
    expect(await signUp(true)).toBe(true);
    expect(await signUp(false)).toBe(false);
    expect(await signUp()).toBe(false);
  });
});

describe('client log lines reaching the server log', () => {
  it('are escaped (no forged lines) and redacted (no tokens or passwords)', async () => {
    const lines: string[] = [];
    const logged = await startTestServer(
      { LOG_LEVEL: 'info' },
      { logStream: { write: (line: string) => lines.push(line) } },
    );
    const jwtLike = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTYifQ.c2lnbmF0dXJlLXZhbHVl';
    const response = await new TestBrowser(logged.baseUrl).post('/v1/logs', [
      {
        level: 'error',
        category: 'auth',
        message: `failed\n{"level":60,"msg":"FORGED"} token=${jwtLike} password=hunter22`,
        clientKind: 'web',
        timestamp: Date.now(),
        appVersion: '1.0.0',
        info: { password: 'hunter22', url: '/x', header: `Bearer ${jwtLike}` },
      },
    ]);
    expect(response.status).toBe(204);
    const clientLines = lines.filter((line) => line.includes('"source":"client"'));
    expect(clientLines).toHaveLength(1);
    const text = clientLines[0]!;
    expect(text).not.toContain(jwtLike);
    expect(text).not.toContain('hunter22');
    expect(text).toContain('[redacted');
    // The newline arrived escaped inside one JSON line: no second, forged record.
    expect(lines.some((line) => line.startsWith('{"level":60,"msg":"FORGED"'))).toBe(false);
    expect(JSON.parse(text).msg).toContain('\\u000a');
  });
});
