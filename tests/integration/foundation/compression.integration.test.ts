/**
 * Compressed answers (issue 27), through the real server over raw HTTP (fetch would decompress
 * behind our back): the renderer's scripts and stylesheet from the `.br`/`.gz` the build wrote
 * beside them, the HTML shell and large JSON (REST and tRPC) compressed on the fly, each only when
 * the client accepts it and with `Vary: Accept-Encoding`; and server-sent events still arrive one by
 * one, uncompressed.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../../scripts/lib/precompress';
import { createMember, identityFor } from '../../factories/identities';
import { testDb } from '../../helpers/db';
import { startTestServer, testDeps, type TTestServer } from '../../helpers/server';
import { trpcClientFor } from '../../helpers/trpc-client';
import { TRPC_MAX_BATCH_CALLS } from '../../../server/contracts/constants';

// A renderer build with files the size of real ones, compressed as `vite build` does.
const dist = mkdtempSync(path.join(os.tmpdir(), 'gifting-compress-'));
mkdirSync(path.join(dist, 'assets'));
const words = (count: number): string =>
  Array.from({ length: count }, (_, index) => `word${index % 97}`).join(' ') + randomBytes(8).toString('hex');
const script = `export const list = ${JSON.stringify(words(3000).split(' '))};\nconsole.log(list.length);\n`;
const styles = Array.from({ length: 300 }, (_, index) => `.c${index} { color: #${index % 10}${index % 10}0; }`).join(
  '\n',
);
const shell = `<!doctype html><html><head><meta name="description" content="${words(200)}"><title>Gifting</title></head><body><div id="root"></div></body></html>`;
writeFileSync(path.join(dist, 'index.html'), shell);
writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), script);
writeFileSync(path.join(dist, 'assets', 'index-abc123.css'), styles);
writeFileSync(path.join(dist, 'assets', 'tiny-abc123.js'), 'console.log(1)');
precompressDir(dist);

let server: TTestServer;
const deps = testDeps();
beforeAll(async () => {
  server = await startTestServer({ RENDERER_DIST: dist });
});

interface TRaw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function get(url: string, headers: Record<string, string> = {}): Promise<TRaw> {
  return new Promise((resolve, reject) => {
    const req = request(`${server.baseUrl}${url}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const decode = (answer: TRaw): string => {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(answer.body).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(answer.body).toString('utf8');
  return answer.body.toString('utf8');
};

const varies = (answer: TRaw): boolean =>
  String(answer.headers.vary ?? '')
    .toLowerCase()
    .includes('accept-encoding');

describe('the renderer, compressed once at build time', () => {
  it.each([
    ['a script', '/assets/index-abc123.js', script, /javascript/],
    ['the stylesheet', '/assets/index-abc123.css', styles, /text\/css/],
  ])('%s: brotli, gzip or raw as the client accepts, same content', async (_name, url, original, type) => {
    const br = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(type);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(varies(br)).toBe(true);
    expect(br.body.length).toBeLessThan(Buffer.byteLength(original) / 3);
    expect(decode(br)).toBe(original);

    const gzip = await get(url, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(decode(gzip)).toBe(original);

    const raw = await get(url);
    expect(raw.status).toBe(200);
    expect(raw.headers['content-encoding']).toBeUndefined();
    expect(raw.headers['content-type']).toMatch(type);
    expect(varies(raw)).toBe(true);
    expect(raw.body.toString('utf8')).toBe(original);
  });

  it('the bytes sent are the files the build compressed, not compressed again per request', async () => {
    const file = path.join(dist, 'assets', 'index-abc123.js');
    const br = await get('/assets/index-abc123.js', { 'accept-encoding': 'br' });
    expect(br.body.equals(readFileSync(`${file}.br`))).toBe(true);
    const gzip = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gzip.body.equals(readFileSync(`${file}.gz`))).toBe(true);
    const tiny = await get('/assets/tiny-abc123.js', { 'accept-encoding': 'gzip' });
    expect(tiny.body.equals(readFileSync(path.join(dist, 'assets', 'tiny-abc123.js.gz')))).toBe(true);
    expect(decode(tiny)).toBe('console.log(1)');
  });
});

describe('dynamic answers, compressed on the fly', () => {
  it('the HTML shell of a page', async () => {
    const br = await get('/home/', { 'accept-encoding': 'br;q=1, gzip;q=0.5' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/text\/html/);
    expect(varies(br)).toBe(true);
    const html = decode(br);
    expect(html).toContain('<div id="root"></div>');
    expect(html).toContain(
      '<script id="initial-state" type="application/json">{"errorType":null,"sessionCookie":false}</script>',
    );

    const gzip = await get('/home/', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(decode(gzip)).toBe(html);

    const raw = await get('/home/');
    expect(raw.headers['content-encoding']).toBeUndefined();
    expect(varies(raw)).toBe(true);
    expect(raw.body.toString('utf8')).toBe(html);
  });

  it('large JSON from REST (the OpenAPI document)', async () => {
    const br = await get('/v1/openapi.json', { 'accept-encoding': 'gzip, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(varies(br)).toBe(true);
    const document = JSON.parse(decode(br)) as { openapi: string; paths: object };
    expect(document.openapi).toMatch(/^3\./);

    const raw = await get('/v1/openapi.json');
    expect(raw.headers['content-encoding']).toBeUndefined();
    expect(raw.body.length).toBeGreaterThan(br.body.length * 3);
    expect(JSON.parse(raw.body.toString('utf8'))).toEqual(document);
  });

  it('large JSON from tRPC (a batch of queries), and small JSON left as it is', async () => {
    const member = await createMember(testDb());
    const { token } = await identityFor(deps, member.id);
    // As many calls as one batch may hold: the member's own identity, a few KiB in all.
    const count = TRPC_MAX_BATCH_CALLS;
    const batch = `/trpc/${Array.from({ length: count }, () => 'auth.me').join(',')}?batch=1&input=${encodeURIComponent(JSON.stringify({}))}`;
    const auth = { authorization: `Bearer ${token}` };
    const gzip = await get(batch, { ...auth, 'accept-encoding': 'gzip' });
    expect(gzip.status).toBe(200);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const answers = JSON.parse(decode(gzip)) as { result: { data: { userId: string } } }[];
    expect(answers).toHaveLength(count);
    expect(answers[0]!.result.data.userId).toBe(member.id);

    const raw = await get(batch, auth);
    expect(raw.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(raw.body.toString('utf8'))).toEqual(answers);

    const small = await get('/healthz', { 'accept-encoding': 'gzip, br' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString('utf8'))).toEqual({ status: 'ok' });

    // A tRPC answer goes out whole (server/trpc/fastify-handler.ts), not as a stream: with its
    // length, so a small one is left as it is too.
    const one = await get(`/trpc/auth.me?input=${encodeURIComponent(JSON.stringify({}))}`, {
      ...auth,
      'accept-encoding': 'gzip, br',
    });
    expect(one.status).toBe(200);
    expect(one.headers['content-encoding']).toBeUndefined();
    expect(one.headers['transfer-encoding']).toBeUndefined();
    expect(Number(one.headers['content-length'])).toBe(one.body.length);
    expect(JSON.parse(one.body.toString('utf8'))).toEqual({ result: { data: answers[0]!.result.data } });
  });
});

describe('a streamed tRPC batch', () => {
  // tRPC reads `trpc-accept`, else `accept` (its client's streamHeader option chooses which).
  for (const header of ['trpc-accept', 'accept'])
    it(`still goes out a part at a time (${header}: application/jsonl), with no length`, async () => {
      const member = await createMember(testDb());
      const { token } = await identityFor(deps, member.id);
      const batch = `/trpc/auth.me,auth.me?batch=1&input=${encodeURIComponent(JSON.stringify({}))}`;
      const raw = await get(batch, { authorization: `Bearer ${token}`, [header]: 'application/jsonl' });
      expect(raw.status).toBe(200);
      expect(raw.headers['transfer-encoding']).toBe('chunked');
      expect(raw.headers['content-length']).toBeUndefined();
      // One JSON document per line, the member's identity among them.
      const lines = raw.body.toString('utf8').trim().split('\n');
      expect(lines.length).toBeGreaterThan(1);
      for (const line of lines) JSON.parse(line);
      expect(raw.body.toString('utf8')).toContain(member.id);
    });
});

describe('server-sent events', () => {
  it('a live stream is not compressed and delivers each event as it happens', async () => {
    const ann = await createMember(testDb());
    const bob = await createMember(testDb());
    await testDb().userSettings.create({ data: { userId: bob.id, emailGuid: randomUUID(), isPrivate: false } });
    const annClient = trpcClientFor(server.baseUrl, (await identityFor(deps, ann.id)).token);
    const bobToken = (await identityFor(deps, bob.id)).token;
    const { conversationId } = await annClient.messages.startDirect.mutate({ userId: bob.id });

    let received = '';
    let onData: () => void = () => undefined;
    const headers = await new Promise<Record<string, string | string[] | undefined>>((resolve, reject) => {
      const req = request(
        `${server.baseUrl}/trpc/messages.onMessage`,
        {
          headers: {
            accept: 'text/event-stream',
            'accept-encoding': 'gzip, deflate, br',
            authorization: `Bearer ${bobToken}`,
          },
        },
        (res) => {
          res.on('data', (chunk: Buffer) => {
            received += chunk.toString('utf8');
            onData();
          });
          resolve(res.headers);
        },
      );
      req.on('error', reject);
      req.end();
      streams.push(req);
    });
    const until = (pattern: RegExp): Promise<void> =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ${pattern} in ${JSON.stringify(received)}`)), 8_000);
        onData = () => {
          if (!pattern.test(received)) return;
          clearTimeout(timer);
          resolve();
        };
        onData();
      });

    expect(headers['content-type']).toMatch(/text\/event-stream/);
    expect(headers['content-encoding']).toBeUndefined();
    // The stream's start (its resume position) arrives at once, readable as it is.
    await until(/data: /);
    await annClient.messages.send.mutate({ conversationId, body: 'Compressed? Not this one' });
    // The message's own words, not its id: in a fresh database the id is a small number, which the
    // stream's start can hold too (a fresh-clone run matched it in `40000` or `m:0:` and read on too soon).
    await until(/Compressed\? Not this one/);
    expect(received).toMatch(/^data: .*Compressed\? Not this one/m);
  });
});

const streams: { destroy(): void }[] = [];
afterAll(() => {
  for (const stream of streams) stream.destroy();
});
