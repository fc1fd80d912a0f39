/**
 * The build's prerender of the pages a visitor lands on (issue 27): the same tree as main.tsx, for a
 * visitor with nothing stored, rendered to HTML once per build (scripts/lib/prerender.ts runs this
 * module, built for Node). The server puts it into those pages' `#root` when the request carries no
 * session cookie; the browser then paints the page from the HTML, before any script has run, and
 * main.tsx hydrates it. What a page loads (the landing page's counts and markets) shows as its
 * skeletons, as the app's first render shows it too.
 */
import { renderToString } from 'react-dom/server';
import { createMemoryStorage } from './client/types';
import { AppRoot, createRouterFor, firstView } from './app/app-root';
import { createAppRuntime } from './app/runtime/app-runtime';
import { createAppAuth } from './auth/app-auth';
import { windowAt } from './app/window-at';

/** The build's render module serves members' pages too (server/http/member-pages.ts). */
export { renderMemberPage } from './member-render';

/** The pages prerendered for visitors: the landing page (the router's path, without a query). */
export const PRERENDERED_PATHS = ['/'] as const;

/** The markup of `#root` for a visitor at `pathname`. */
export async function prerender(pathname: string): Promise<string> {
  // Nothing is asked of the server: a page that would ask shows what it shows while it waits.
  const offline = (): Promise<Response> => Promise.reject(new Error('No network while prerendering'));
  const auth = createAppAuth({ noSessionCookie: true, storage: createMemoryStorage(), fetch: offline });
  const runtime = createAppRuntime({
    requester: auth.requester,
    clientKind: 'web',
    appVersion: 'prerender',
    isDev: false,
    sessionStorage: createMemoryStorage(),
    localStorage: createMemoryStorage(),
  });
  const router = createRouterFor(runtime, auth, {
    window: windowAt(new URL(pathname, 'http://prerender.invalid').href),
  });
  await firstView(router);
  return renderToString(<AppRoot runtime={runtime} auth={auth} router={router} />);
}
