/**
 * The service worker's offline copy of the app (renderer/public/sw.js): the last healthy page is
 * kept for offline use, but never one the server marked `no-store`, such as a member's page it
 * rendered with their data (server/http/member-pages.ts): the copy is served to whoever opens the
 * app next on the device.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';

const SOURCE = readFileSync(path.join(import.meta.dirname, '../../../renderer/public/sw.js'), 'utf8');

/** Runs the worker with a network answering `answer`, a navigation to `url`; what it kept. */
async function navigate(url: string, answer: Response | Error): Promise<{ kept: string[]; response: Response }> {
  const kept: string[] = [];
  const listeners: Record<string, (event: unknown) => void> = {};
  const cache = {
    put: async (key: string) => void kept.push(key),
    match: async () => undefined,
  };
  runInNewContext(SOURCE, {
    self: {
      location: { origin: 'https://gifts.example' },
      addEventListener: (type: string, listener: (event: unknown) => void) => (listeners[type] = listener),
      skipWaiting: async () => undefined,
      clients: { claim: async () => undefined },
    },
    caches: { open: async () => cache, keys: async () => [] },
    fetch: async () => {
      if (answer instanceof Error) throw answer;
      return answer;
    },
    URL,
  });
  let responded: Promise<Response> | null = null;
  listeners.fetch!({
    request: { method: 'GET', url, mode: 'navigate' },
    respondWith: (promise: Promise<Response>) => (responded = promise),
  });
  expect(responded).not.toBeNull();
  return { kept, response: await responded! };
}

const html = (cacheControl: string) =>
  new Response('<!doctype html>', {
    status: 200,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': cacheControl },
  });

describe("the service worker's offline copy of the app", () => {
  it('keeps a page the server lets it keep', async () => {
    const { kept, response } = await navigate('https://gifts.example/shop/', html('no-cache'));
    expect(kept).toEqual(['/index.html']);
    expect(response.status).toBe(200);
  });

  it("never keeps a member's page marked no-store, and still shows it", async () => {
    for (const cacheControl of ['private, no-store', 'no-store', 'NO-STORE,private']) {
      const { kept, response } = await navigate('https://gifts.example/home/', html(cacheControl));
      expect(kept).toEqual([]);
      expect(response.status).toBe(200);
    }
  });
});
