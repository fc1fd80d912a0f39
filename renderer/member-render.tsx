/**
 * A signed-in member's page rendered by the server (server/http/member-pages.ts, issue 27): the same
 * tree as main.tsx, for the member whose access token the server issued, with the screen's data
 * asked for through `fetch` (the server's own routes, in-process) before it renders. Built into the
 * build's render module with the landing page's prerender (prerender.tsx).
 *
 * Everything a render holds is its own: identity store (in memory), runtime, query cache and router
 * are created per call and dropped after it, and the app's module-level data (data-loader.ts) is
 * never configured here: the shell's parts that load it (lazyWithData) render nothing on the server,
 * and the browser adds them once it has taken the page over.
 */

/**
 * The markup of a tree once everything in it has loaded, or null when a part of it failed to render
 * (the page then renders in the browser as a whole, rather than with a hole the server could not
 * fill: React would add an inline script for it, which the page's Content-Security-Policy refuses).
 */
async function markupOf(tree: ReactNode, waitMs: number): Promise<string | null> {
  let failed = false;
  const { prelude } = await prerenderToNodeStream(tree, {
    signal: AbortSignal.timeout(waitMs),
    // Every part inline, in place: a large one is otherwise sent apart and moved in by a script.
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    onError: () => {
      failed = true;
    },
  });
  const decoder = new TextDecoder();
  let markup = '';
  for await (const chunk of prelude) markup += decoder.decode(chunk as Uint8Array, { stream: true });
  markup += decoder.decode();
  return failed ? null : markup;
}
import { prerenderToNodeStream } from 'react-dom/static';
import type { ReactNode } from 'react';
import { IDENTITY_STORAGE_KEY } from '../server/contracts/constants';
import { createMemoryStorage } from './client/types';
import { decodeIdentity, serializeStoredIdentity } from './client/identity-store';
import { AppRoot, createRouterFor, firstView } from './app/app-root';
import { createAppRuntime } from './app/runtime/app-runtime';
import { createAppAuth } from './auth/app-auth';
import { answersOf, createData } from './data/data-module';
import { prefetchScreen, withDataProviders } from './data/data-loader';
import { windowAt } from './app/window-at';

export interface TMemberRenderOptions {
  /** The page's address (the server's own origin). */
  href: string;
  /** The member's access token, issued for this render. */
  accessToken: string;
  /** Answers the render's requests (relative addresses of the app's routes). */
  fetch: typeof fetch;
  /** How long the screen waits for its data before it renders with what it has (its skeletons). */
  waitMs: number;
}

/** `#root`'s markup, the answers it was rendered with (data-module.tsx `answersOf`), and whose page it is. */
export interface TMemberRender {
  markup: string;
  state: unknown;
  userId: string;
}

export async function renderMemberPage(options: TMemberRenderOptions): Promise<TMemberRender | null> {
  const identity = decodeIdentity(options.accessToken, null);
  if (!identity) return null;
  const auth = createAppAuth({
    storage: createMemoryStorage({ [IDENTITY_STORAGE_KEY]: serializeStoredIdentity(identity) }),
    fetch: options.fetch,
    takeEarlyRefresh: () => null,
  });
  try {
    const runtime = createAppRuntime({
      requester: auth.requester,
      clientKind: 'web',
      appVersion: 'server',
      isDev: false,
      sessionStorage: createMemoryStorage(),
      localStorage: createMemoryStorage(),
    });
    const data = createData({ auth, reportForbidden: () => undefined });
    const router = createRouterFor(runtime, auth, {
      window: windowAt(options.href),
      prefetchWaitMs: options.waitMs,
      data: { load: () => Promise.resolve(data), wrap: withDataProviders, prefetch: prefetchScreen },
    });
    await firstView(router);
    const markup = await markupOf(<AppRoot runtime={runtime} auth={auth} router={router} />, options.waitMs);
    return markup === null ? null : { markup, state: answersOf(data.queryClient), userId: identity.userId };
  } finally {
    auth.dispose();
  }
}
