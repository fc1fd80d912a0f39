/**
 * Serves the built renderer: hashed assets with long-cache headers, index.html for every other
 * browser path (history mode), and 301 to the canonical trailing-slash path (spec §2).
 */
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, errorBody } from '../errors';
import { allowedMethods } from './route-list';

/** Paths owned by the API faces; never answered with the renderer. */
const API_PREFIXES = ['/trpc', '/v1/', '/auth/v2/', '/auth/set-experiment', '/healthz', '/readyz'];

export function isApiPath(pathname: string): boolean {
  return API_PREFIXES.some((prefix) => pathname === prefix.replace(/\/$/, '') || pathname.startsWith(prefix));
}

/** The canonical form of a renderer path: ends with '/'; undefined when already canonical or a file. */
export function canonicalRendererPath(pathname: string): string | undefined {
  if (pathname.endsWith('/')) return undefined;
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  if (last.includes('.')) return undefined;
  return `${pathname}/`;
}

/** Error types the server can hand the renderer in its initial state (the app then shows an error page). */
export type TInitialErrorType = 'maintenance' | 'unavailable';

export interface TRendererOptions {
  distDir: string;
  /** Decides, per page load, whether the app should render an error page instead. */
  initialErrorType?: () => Promise<TInitialErrorType | null>;
}

/** Puts the initial state into index.html as inert JSON the renderer reads at start. */
export function withInitialState(html: string, state: { errorType: TInitialErrorType | null }): string {
  const json = JSON.stringify(state).replace(/</g, '\\u003c');
  const tag = `<script id="initial-state" type="application/json">${json}</script>`;
  return html.includes('</head>') ? html.replace('</head>', `${tag}</head>`) : `${tag}${html}`;
}

export async function registerRenderer(app: FastifyInstance, options: TRendererOptions): Promise<void> {
  const { distDir } = options;
  const root = path.resolve(distDir);
  const indexFile = path.join(root, 'index.html');
  const hasBuild = existsSync(indexFile);

  if (hasBuild) {
    await app.register(fastifyStatic, {
      root,
      prefix: '/',
      index: false,
      wildcard: false,
      cacheControl: false,
      // Hashed assets never change under the same name; everything else is revalidated.
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.setHeader('cache-control', 'public, max-age=31536000, immutable');
        } else {
          res.setHeader('cache-control', 'no-cache');
        }
      },
    });
  }

  // Re-read when the build changes (npm start rebuilds a stale renderer while a dev server may run).
  let cached: { mtimeMs: number; html: string } | null = null;
  const loadIndex = async (): Promise<string> => {
    const { mtimeMs } = await stat(indexFile);
    if (!cached || cached.mtimeMs !== mtimeMs) cached = { mtimeMs, html: await readFile(indexFile, 'utf8') };
    return cached.html;
  };

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const url = new URL(request.url, 'http://local');
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(url.pathname);
    if (!isPage) {
      // A path that exists with other methods: 405 with the methods it has, not a 404.
      const allow = allowedMethods(app, url.pathname);
      if (allow.length > 0)
        return reply
          .code(405)
          .header('allow', allow.join(', '))
          .send(errorBody(new AppError('METHOD_NOT_ALLOWED')));
      return reply.code(404).send({ error: { code: 'NOT_FOUND', message: 'Not found', status: 404 } });
    }
    const canonical = canonicalRendererPath(url.pathname);
    if (canonical) return reply.redirect(`${canonical}${url.search}`, 301);
    if (!hasBuild) {
      return reply
        .code(503)
        .type('text/plain')
        .send('The renderer is not built yet: run `npm run build:renderer` (npm start does it for you).');
    }
    // Files with an extension that do not exist are real 404s, not app routes.
    if (path.extname(url.pathname)) return reply.code(404).type('text/plain').send('Not found');
    const errorType = (await options.initialErrorType?.()) ?? null;
    return reply
      .code(errorType ? 503 : 200)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(withInitialState(await loadIndex(), { errorType }));
  });
}
