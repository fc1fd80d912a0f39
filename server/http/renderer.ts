/**
 * Serves the built renderer: hashed assets with long-cache headers, index.html for every other
 * browser path (history mode), and 301 to the canonical trailing-slash path (spec §2).
 *
 * Compressed when the client accepts it (issue 27): the build writes a `.br` and a `.gz` beside each
 * script and stylesheet, served as they are (`preCompressed`); the HTML shell is compressed here
 * once per build and state (Fastify's not-found handler is outside @fastify/compress's routes).
 */
import { existsSync, readFileSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import { LRUCache } from 'lru-cache';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { EARLY_REFRESH_SCRIPT, INTL_WARM_UP } from '../contracts/early-refresh';
import { AppError, errorBody } from '../errors';
import { withPreviewHead } from './link-previews';
import { RENDER_MODULE, type TMemberRender } from './member-pages';
import { loadPreloadTags, type TPreloadTags } from './route-preloads';
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
  /**
   * The head tags of a page (title, description, Open Graph, Twitter card): `generic` for every
   * page, `forPage` for the pages that preview what they show (null: the generic ones). See
   * server/http/link-previews.ts.
   */
  linkPreviews?: { generic: string; forPage: (url: URL) => Promise<string | null> | null };
  /**
   * Whether the request comes from a signed-in browser (it has the refresh cookie): its pages
   * preload a member's parts, and a page without it tells the renderer nobody is signed in.
   */
  isMember?: (request: FastifyRequest) => boolean;
  /**
   * A signed-in member's page rendered by the server (server/http/member-pages.ts), or null: the
   * page then renders in the browser.
   */
  memberPage?: (request: FastifyRequest, url: URL) => Promise<TMemberRender | null>;
}

/** Adds tags at the end of the head (the page's preloads). */
export function withHeadTags(html: string, tags: string): string {
  return tags && html.includes('</head>') ? html.replace('</head>', `${tags}</head>`) : html;
}

/**
 * What the page's HTML tells the renderer at start (renderer/app/runtime/initial-state.ts):
 * - errorType: an error page instead of the app;
 * - sessionCookie: whether the request carried the refresh cookie. Without it nobody can be signed
 *   in, so a visitor's page renders at once instead of waiting for GET /auth/v2/refresh-token/ to
 *   say so (a round trip and a main-thread gap on the landing page's critical path). Left out
 *   when the server cannot tell (the renderer then asks, as before).
 */
export interface TInitialStateOut {
  errorType: TInitialErrorType | null;
  sessionCookie?: boolean;
}

/** The markup of `#root` per page, prerendered by the build for visitors (scripts/lib/prerender.ts). */
export type TPrerenderedPages = Readonly<Record<string, string>>;

/** Reads `prerendered.json`; a build without it (or an unreadable one) prerenders nothing. */
export function loadPrerenderedPages(file: string, onError: (error: unknown) => void): TPrerenderedPages {
  if (!existsSync(file)) return {};
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not an object');
    return Object.fromEntries(
      Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
  } catch (error) {
    onError(error);
    return {};
  }
}

const EMPTY_ROOT = '<div id="root"></div>';

/** JSON for an inert `<script type="application/json">`: `<` escaped, so no markup can close it. */
function inertJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** A value written into a double-quoted attribute of the shell. */
function attributeValue(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
}

/**
 * Tells the browser to paint a page that comes rendered only once its `#root` is parsed whole
 * (`<link rel=expect blocking=render>`, Chromium 124+; other browsers ignore it). With the CPU
 * slowed 4×, Chromium's parser yielded halfway through a member's home (64 KB) in about one load
 * of four and painted the top of it: the first paint without the largest one, then a second full
 * layout of 100–230 ms after it (total blocking time). Nothing waits that the paint did not need:
 * the page's stylesheets already hold its first paint back longer than its markup takes to parse.
 */
const ROOT_BEFORE_PAINT = '<link rel="expect" href="#root" blocking="render">';

/** The shell with its `#root` replaced by a rendered one, painted once that root is parsed. */
function withRenderedRoot(html: string, root: string): string {
  if (!html.includes(EMPTY_ROOT)) return html;
  const page = html.replace(EMPTY_ROOT, () => root);
  return page.includes('</head>') ? page.replace('</head>', () => `${ROOT_BEFORE_PAINT}</head>`) : page;
}

/**
 * Puts a prerendered page into the shell's empty `#root`, marked with its path: the renderer
 * hydrates it only at that path, for a visitor (renderer/main.tsx).
 */
export function withPrerendered(html: string, pathname: string, markup: string): string {
  return withRenderedRoot(html, `<div id="root" data-prerendered="${attributeValue(pathname)}">${markup}</div>`);
}

/** The inert JSON of a member's rendered page: its query cache (read by renderer/app/runtime/initial-state.ts). */
const MEMBER_STATE_ID = 'member-state';

/**
 * Puts a member's rendered page into the shell's empty `#root`, marked with its path and whose it
 * is (the renderer hydrates it only at that path, for that member: renderer/main.tsx), followed by
 * the query cache it was rendered with as inert JSON (`<` escaped: no markup can close the script).
 */
export function withMemberRender(html: string, pathname: string, render: TMemberRender): string {
  return withRenderedRoot(
    html,
    `<div id="root" data-member-rendered="${attributeValue(pathname)}" data-member="${attributeValue(render.userId)}">` +
      `${render.markup}</div><script id="${MEMBER_STATE_ID}" type="application/json">${inertJson(render.state)}</script>`,
  );
}

/**
 * Puts one of the page's fixed inline scripts (server/contracts/early-refresh.ts; the policy allows
 * them by their hashes) first in the head, right after the charset: ahead of the stylesheet, which a
 * later script would wait for, and of the module scripts.
 */
function withHeadScript(html: string, script: string): string {
  const tag = `<script>${script}</script>`;
  const charset = /<meta charset=[^>]*>/i.exec(html);
  if (charset) return html.replace(charset[0], () => `${charset[0]}${tag}`);
  return html.includes('<head>') ? html.replace('<head>', () => `<head>${tag}`) : html;
}

/** A signed-in browser's page: the script that starts its first refresh (and the locale warm-up). */
export function withEarlyRefresh(html: string): string {
  return withHeadScript(html, EARLY_REFRESH_SCRIPT);
}

/**
 * A visitor's prerendered page: the locale warm-up alone. The landing page formats its member count
 * when it comes in, after the page painted; with the locale data loaded while the page waited for its
 * stylesheet, that render takes no long task (total blocking time on `/`).
 */
export function withIntlWarmUp(html: string): string {
  return withHeadScript(html, INTL_WARM_UP);
}

/** Puts the initial state into index.html as inert JSON the renderer reads at start. */
export function withInitialState(html: string, state: TInitialStateOut): string {
  const tag = `<script id="initial-state" type="application/json">${inertJson(state)}</script>`;
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
      // Sends `app.js.br` or `app.js.gz` (built by vite.config.ts) to a client that accepts it.
      preCompressed: true,
      // The server's render module (server/http/member-pages.ts) is the server's, not a page's file.
      allowedPath: (pathname) => !pathname.startsWith(`/${path.dirname(RENDER_MODULE)}/`),
      // Hashed assets never change under the same name; everything else is revalidated.
      setHeaders(res, filePath) {
        res.setHeader('vary', 'accept-encoding');
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.setHeader('cache-control', 'public, max-age=31536000, immutable');
        } else {
          res.setHeader('cache-control', 'no-cache');
        }
      },
    });
  }

  // Re-read when the build changes (npm start rebuilds a stale renderer while a dev server may run);
  // the preload table is written beside index.html by the same build.
  const preloadFile = path.join(root, 'route-preloads.json');
  const prerenderedFile = path.join(root, 'prerendered.json');
  const mtimeOf = (file: string): Promise<number> =>
    stat(file).then(
      (info) => info.mtimeMs,
      () => 0,
    );
  interface TIndex {
    key: string;
    html: string;
    preloads: TPreloadTags;
    prerendered: TPrerenderedPages;
  }
  let cached: TIndex | null = null;
  const loadIndex = async (): Promise<TIndex> => {
    const key = `${(await stat(indexFile)).mtimeMs}:${await mtimeOf(preloadFile)}:${await mtimeOf(prerenderedFile)}`;
    if (!cached || cached.key !== key)
      cached = {
        key,
        html: await readFile(indexFile, 'utf8'),
        preloads: loadPreloadTags(preloadFile, (error) =>
          app.log.warn({ err: error }, 'route-preloads.json could not be used: pages load without preloads'),
        ),
        prerendered: loadPrerenderedPages(prerenderedFile, (error) =>
          app.log.warn({ err: error }, 'prerendered.json could not be used: pages render in the browser only'),
        ),
      };
    return cached;
  };
  // The shell differs only by its initial state and its page's preloads: each variant is compressed
  // once per build (a few hundred at most: one per route, for visitors and for members).
  const encodings = new Negotiator<'br' | 'gzip'>({ supportedValues: ['br', 'gzip'] });
  const compressed = new LRUCache<string, Buffer>({ max: 512 });
  const compressedShell = (html: string, encoding: 'br' | 'gzip', once: boolean): Buffer => {
    // A page's own preview differs per page, a member's rendered page per member: compressed at the
    // dynamic answers' cost, not kept.
    if (once)
      return encoding === 'br'
        ? brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
        : gzipSync(html, { level: 6 });
    const key = `${cached?.key}:${encoding}:${html}`;
    let body = compressed.get(key);
    if (!body) {
      body =
        encoding === 'br'
          ? brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })
          : gzipSync(html, { level: 9 });
      compressed.set(key, body);
    }
    return body;
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
    // Only the previewing routes read anything (forPage answers null at once for every other page).
    const pageHead = errorType ? null : await options.linkPreviews?.forPage(url);
    const head = pageHead ?? options.linkPreviews?.generic;
    const index = await loadIndex();
    const sessionCookie = options.isMember?.(request);
    // A visitor's page comes rendered where the build prerendered it (only without a query, which
    // may change what it shows); a member's, an error page and the rest render in the browser.
    const prerendered =
      !errorType && sessionCookie === false && url.search === '' ? index.prerendered[url.pathname] : undefined;
    // A member's page comes rendered where the server renders it (member-pages.ts).
    const memberRender =
      !errorType && sessionCookie === true && options.memberPage ? await options.memberPage(request, url) : null;
    const page = memberRender
      ? withMemberRender(index.html, url.pathname, memberRender)
      : prerendered === undefined
        ? index.html
        : withPrerendered(index.html, url.pathname, prerendered);
    const shell = head ? withPreviewHead(page, head) : page;
    const preloads = errorType ? '' : index.preloads(url.pathname, sessionCookie ?? false, memberRender !== null);
    // A signed-in browser's page starts its refresh (and the locale warm-up) with the HTML instead of
    // after the scripts; a visitor's prerendered page starts the warm-up alone.
    const started =
      sessionCookie === true && !errorType
        ? withEarlyRefresh(shell)
        : prerendered === undefined
          ? shell
          : withIntlWarmUp(shell);
    const html = withInitialState(withHeadTags(started, preloads), {
      errorType,
      ...(sessionCookie === undefined ? {} : { sessionCookie }),
    });
    const accepted = request.headers['accept-encoding'];
    const encoding = accepted ? encodings.negotiate(String(accepted)) : null;
    reply
      .code(errorType ? 503 : 200)
      .type('text/html; charset=utf-8')
      // A member's rendered page holds their data: kept by no cache, the browser's included.
      .header('cache-control', memberRender ? 'private, no-store' : 'no-cache')
      // A signed-in browser's page preloads more (the refresh cookie).
      .header('vary', 'accept-encoding, cookie');
    if (!encoding) return reply.send(html);
    return reply
      .header('content-encoding', encoding)
      .send(compressedShell(html, encoding, Boolean(pageHead) || memberRender !== null));
  });
}
