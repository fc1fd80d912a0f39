/**
 * A signed-in member's page rendered by the server (issue 27): `/home/` comes with its markup and
 * its data, so the browser paints the member's home from the HTML instead of after its scripts have
 * downloaded, run, refreshed the identity, asked for the data and rendered it (a phone-class CPU
 * spent about 1.3 s on that before the first paint). The app then takes the page over (hydrates it)
 * with the same data (renderer/main.tsx).
 *
 * What keeps a member's data their own:
 * - the page is rendered only for a plain sign-in (server/auth/sessions.ts `plainSessionOf`: no
 *   impersonation, no switched account, no invitation scope), with an access token issued for that
 *   sign-in exactly as its next refresh would issue it. The token never leaves the server, and the
 *   refresh cookie is not rotated (the browser's own first refresh does that, as before);
 * - its data is asked for through the app's own tRPC routes, in-process (`app.inject`), with that
 *   token: every permission and secrecy rule of those procedures applies unchanged;
 * - each render builds its own identity store, query cache and router (renderer/member-render.tsx):
 *   nothing of one member's render is kept for another's;
 * - the answer is `cache-control: private, no-store`, and the service worker keeps no copy of it
 *   (renderer/public/sw.js).
 *
 * Anything else (no render module in the build or not loaded yet, a slow or failing render) answers
 * the page that renders in the browser, as before.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest, HTTPMethods } from 'fastify';

/** The pages the server renders for a member (their path, without a query). */
export const MEMBER_RENDERED_PATHS: ReadonlySet<string> = new Set(['/home/']);

/** The build's render module, beside the renderer's files (scripts/lib/prerender.ts writes it). */
export const RENDER_MODULE = path.join('server', 'render.js');

/**
 * How long a page waits for its render before it goes without (the data's own wait inside the render
 * is shorter: a slow query shows as its skeleton, as in the browser).
 */
export const MEMBER_RENDER_TIMEOUT_MS = 1_500;
const DATA_WAIT_MS = 1_000;

/**
 * At most this many renders at once; a page asked for beyond them renders in the browser. A render
 * takes 50–100 ms of the server's CPU: a burst of members opening their home must not queue every
 * other request behind it.
 */
export const MEMBER_RENDERS_AT_ONCE = 4;

/** A member's page as rendered: `#root`'s markup, the query cache it was rendered with, whose it is. */
export interface TMemberRender {
  markup: string;
  state: unknown;
  userId: string;
}

interface TRenderModule {
  renderMemberPage(options: {
    href: string;
    accessToken: string;
    fetch: typeof fetch;
    waitMs: number;
  }): Promise<TMemberRender | null>;
}

export interface TMemberPagesOptions {
  app: FastifyInstance;
  distDir: string;
  /** The access token of the request's plain sign-in, or null (see the module comment). */
  accessTokenFor(request: FastifyRequest): Promise<string | null>;
  timeoutMs?: number;
  /** MEMBER_RENDERS_AT_ONCE unless set (tests). */
  rendersAtOnce?: number;
}

const NO_BODY_STATUSES = new Set([204, 205, 304]);

/**
 * A fetch that answers from the app itself, without a socket: the render's requests go through
 * every hook of a real one (authentication, rate limits keyed by the member's address, logging).
 */
export function inProcessFetch(app: FastifyInstance, request: Pick<FastifyRequest, 'ip'>): typeof fetch {
  return async (input, init = {}) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://in-process.invalid');
    const answer = await app.inject({
      method: (init.method ?? 'GET') as HTTPMethods,
      url: `${url.pathname}${url.search}`,
      headers: Object.fromEntries(new Headers(init.headers).entries()),
      ...(typeof init.body === 'string' ? { payload: init.body } : {}),
      remoteAddress: request.ip,
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value === undefined) continue;
      for (const one of Array.isArray(value) ? value : [value]) headers.append(name, String(one));
    }
    return new Response(NO_BODY_STATUSES.has(answer.statusCode) ? null : new Uint8Array(answer.rawPayload), {
      status: answer.statusCode,
      headers,
    });
  };
}

/** The renderer of members' pages: null for a page it does not render (or could not in time). */
export function createMemberPages(
  options: TMemberPagesOptions,
): (request: FastifyRequest, url: URL) => Promise<TMemberRender | null> {
  const file = path.resolve(options.distDir, RENDER_MODULE);
  const timeoutMs = options.timeoutMs ?? MEMBER_RENDER_TIMEOUT_MS;
  const rendersAtOnce = options.rendersAtOnce ?? MEMBER_RENDERS_AT_ONCE;
  let rendering = 0;
  // Loaded when the first member's page is asked for (that page renders in the browser: loading the
  // module and the first render's cold start took 1.5–2 s on a test machine), again when a build
  // replaced it (a new URL: Node keeps a module it imported once for the life of the process).
  // A module that failed to load is not tried again until the build changes.
  let loaded: { mtimeMs: number; module: TRenderModule | null } | null = null;
  const renderModule = async (request: FastifyRequest): Promise<TRenderModule | null> => {
    const mtimeMs = await stat(file).then(
      (info) => info.mtimeMs,
      () => null,
    );
    if (mtimeMs === null) return null;
    if (!loaded || loaded.mtimeMs !== mtimeMs) {
      const loading: NonNullable<typeof loaded> = { mtimeMs, module: null };
      loaded = loading;
      (import(`${pathToFileURL(file).href}?build=${mtimeMs}`) as Promise<TRenderModule>).then(
        (module) => {
          loading.module = module;
        },
        (error: unknown) => {
          request.log.warn({ err: error }, 'the render module could not be loaded: member pages render in the browser');
        },
      );
    }
    return loaded.module;
  };

  const render = async (request: FastifyRequest, url: URL): Promise<TMemberRender | null> => {
    const module = await renderModule(request);
    if (!module) return null;
    const accessToken = await options.accessTokenFor(request);
    if (!accessToken) return null;
    return module.renderMemberPage({
      href: url.href,
      accessToken,
      fetch: inProcessFetch(options.app, request),
      waitMs: DATA_WAIT_MS,
    });
  };

  return async (request, url) => {
    if (request.method !== 'GET' || url.search !== '' || !MEMBER_RENDERED_PATHS.has(url.pathname)) return null;
    // Counted until the render itself ends, a late one too: what is bounded is the work in flight.
    if (rendering >= rendersAtOnce) return null;
    rendering += 1;
    const work = render(request, url).finally(() => {
      rendering -= 1;
    });
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), timeoutMs);
    });
    try {
      const rendered = await Promise.race([work, late]);
      if (!rendered) request.log.debug({ path: url.pathname }, 'member page not rendered by the server');
      return rendered;
    } catch (error) {
      request.log.warn({ err: error, path: url.pathname }, 'member page render failed: it renders in the browser');
      return null;
    } finally {
      clearTimeout(timer);
    }
  };
}
