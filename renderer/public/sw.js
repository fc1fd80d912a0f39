/* The app's service worker (registered on https only, see renderer/app/runtime/service-worker.ts).
 * - The app shell (index.html) is network-first: a fresh copy when online, the cached one offline.
 *   A page the server marks `no-store` (a member's page it rendered with their data) is never kept.
 * - Hashed build files under /assets/ never change under the same name: cache-first.
 * - API answers (/trpc, /v1, /auth) are never cached or even touched.
 */
const VERSION = 'v1';
const SHELL_CACHE = `shell-${VERSION}`;
const ASSET_CACHE = `assets-${VERSION}`;
const SHELL_URL = '/index.html';
const API_PREFIXES = ['/trpc', '/v1/', '/v1', '/auth/', '/auth'];

function isApi(pathname) {
  return API_PREFIXES.some(
    (prefix) => pathname === prefix || pathname.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`),
  );
}

self.addEventListener('install', (event) => {
  event.waitUntil(self.skipWaiting());
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(keys.filter((key) => key !== SHELL_CACHE && key !== ASSET_CACHE).map((key) => caches.delete(key))),
      )
      .then(() => self.clients.claim()),
  );
});

async function networkFirstShell(request) {
  const cache = await caches.open(SHELL_CACHE);
  try {
    const response = await fetch(request);
    // Only a healthy page is kept (not a 503 maintenance page or an error), and none that holds a
    // member's own data (no-store): the offline copy is served to whoever opens the app next.
    if (
      response.ok &&
      (response.headers.get('content-type') || '').includes('text/html') &&
      !/(^|,)\s*no-store\s*(,|$)/i.test(response.headers.get('cache-control') || '')
    ) {
      await cache.put(SHELL_URL, response.clone());
    }
    return response;
  } catch (error) {
    const cached = await cache.match(SHELL_URL);
    if (cached) return cached;
    throw error;
  }
}

async function cacheFirstAsset(request) {
  const cache = await caches.open(ASSET_CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (isApi(url.pathname)) return; // never cached
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(cacheFirstAsset(request));
    return;
  }
  if (request.mode === 'navigate') {
    event.respondWith(networkFirstShell(request));
  }
});
