/**
 * A signed-in browser's first refresh, started by the page's HTML (issue 27). A member who comes
 * back with the refresh cookie but no live identity in storage (a new tab after the access token
 * expired, a phone the next day) must exchange the cookie for an access token before the page can
 * ask for anything: started by the app, that round trip waited for all of its scripts to download
 * and run (about 650 ms on /home/ with the CPU slowed 4×, on the way to its largest paint). The
 * server inlines this script at the top of the head of such a page (server/http/renderer.ts), so
 * the request leaves while the scripts load; the app's auth runtime takes its answer for its first
 * refresh instead of asking again (renderer/auth/early-refresh.ts).
 *
 * The script only starts what the app would start: the same request (GET, same-origin cookie,
 * JSON), and only when the app would refresh at start, i.e. with no live identity of the current
 * storage version stored (renderer/auth/app-auth.ts). It is one fixed text, allowed by its hash in
 * the Content-Security-Policy (server/http/security-headers.ts): the policy keeps refusing every
 * other inline script. A refresh the app does not take (it found a live identity after all) is
 * harmless: the server answers a second use of the same token within its grace window with the same
 * successor (server/auth/sessions.ts).
 *
 * The same script starts the page's locale data loading (INTL_WARM_UP below).
 *
 * Written by hand because it must run before any module: plain ES2017 text, no imports.
 */
import { IDENTITY_STORAGE_KEY, IDENTITY_STORAGE_VERSION, TOKEN_TIMESTAMP_MULTIPLIER } from './constants';

/** Where the script leaves the pending answer for the app: `{ at: ms since epoch, answer: Promise<Response> }`. */
export const EARLY_REFRESH_GLOBAL = '__giftingEarlyRefresh';

/** The refresh endpoint (GET, with the refresh cookie): the app's AUTH_PATHS.refreshToken too. */
export const REFRESH_TOKEN_PATH = '/auth/v2/refresh-token/';

/**
 * The page's first formatting of a count or a date loads the browser's locale data: one task of
 * 40–260 ms with the CPU slowed 4× (by machine), whatever formatter comes first (any after it
 * 1–20 ms). Started here, in a task of its own as soon as the head is parsed, it runs while the page
 * waits for its stylesheet and scripts: before the first paint, where it blocks nothing. Left to the
 * app, it ran after the page had painted (a member's page the server rendered; the visitor's landing
 * page, when its member count came in), inside a long task (total blocking time). Throwaway
 * formatters. It is also the whole inline script of a visitor's prerendered page
 * (server/http/renderer.ts), which has no refresh to start.
 */
export const INTL_WARM_UP =
  'setTimeout(function(){try{new Intl.NumberFormat().format(0);new Intl.DateTimeFormat().format(0)}catch(e){}},0);';

export const EARLY_REFRESH_SCRIPT =
  '(function(){' +
  INTL_WARM_UP +
  `try{var s=JSON.parse(localStorage.getItem(${JSON.stringify(IDENTITY_STORAGE_KEY)})||"null");` +
  `if(s&&s.version===${IDENTITY_STORAGE_VERSION}&&s.identity&&s.identity.expires*${TOKEN_TIMESTAMP_MULTIPLIER}>Date.now())return}catch(e){}` +
  `var a=fetch(${JSON.stringify(REFRESH_TOKEN_PATH)},{method:"GET",credentials:"same-origin",cache:"no-store",headers:{accept:"application/json"}});` +
  // Handled here too: an answer the app never takes must not be reported as an unhandled rejection.
  'a.catch(function(){});' +
  `window[${JSON.stringify(EARLY_REFRESH_GLOBAL)}]={at:Date.now(),answer:a}` +
  '})()';
