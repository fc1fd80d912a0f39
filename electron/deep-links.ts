/**
 * The console's `gifting://` deep links (spec §2: app-scheme links are recognised, never navigated
 * as such), parsed and validated before anything opens: only these forms are accepted, everything
 * else is refused with a reason. Hand-written on top of WHATWG URL parsing: the scheme and its
 * forms are ours, and an allow-list is the point.
 *
 *   gifting://admin/                                  the admin home
 *   gifting://admin/finduser?q=<text>                 a member search
 *   gifting://admin/finduser/<uuid>                   one member
 *   gifting://admin/viewexchangedetails/<uuid>[/<tab>] an exchange (events, questions, …)
 *   gifting://admin/viewgroupdetails/<uuid>[/<tab>]   a group (invitations, removed)
 *   gifting://admin/auditlog                          the audit log
 *   gifting://impersonate/<uuid>                      a support window for that member
 */
export const DEEP_LINK_SCHEME = 'gifting';
const MAX_LINK_LENGTH = 2048;
const MAX_QUERY_LENGTH = 100;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EXCHANGE_TABS = ['events', 'questions', 'restrictions', 'countries', 'notes'];
const GROUP_TABS: Readonly<Record<string, string>> = { invitations: 'invitations/', removed: 'members/removed/' };
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

export type TDeepLinkTarget = { kind: 'navigate'; path: string } | { kind: 'identity-window'; userId: string };

export type TDeepLinkResult = { ok: true; target: TDeepLinkTarget } | { ok: false; reason: string };

const refuse = (reason: string): TDeepLinkResult => ({ ok: false, reason });
const go = (path: string): TDeepLinkResult => ({ ok: true, target: { kind: 'navigate', path } });

function adminPath(segments: string[], search: URLSearchParams): TDeepLinkResult {
  const [page, id, tab, ...rest] = segments;
  if (rest.length > 0) return refuse('too many path segments');
  const onlyKeys = (allowed: string[]): boolean => [...search.keys()].every((key) => allowed.includes(key));
  if (!onlyKeys(page === 'finduser' && !id ? ['q'] : [])) return refuse('unexpected query parameters');
  if (page === undefined) return go('/admin/');
  if (page === 'auditlog' && !id) return go('/admin/auditlog/');
  if (page === 'finduser') {
    if (!id) {
      const query = search.get('q') ?? '';
      if (query.length > MAX_QUERY_LENGTH || CONTROL.test(query)) return refuse('invalid search');
      return go(query ? `/admin/finduser/?q=${encodeURIComponent(query)}` : '/admin/finduser/');
    }
    if (!UUID.test(id) || tab !== undefined) return refuse('invalid member id');
    return go(`/admin/finduser/${id.toLowerCase()}/`);
  }
  if (page === 'viewexchangedetails') {
    if (!id || !UUID.test(id)) return refuse('invalid exchange id');
    if (tab !== undefined && !EXCHANGE_TABS.includes(tab)) return refuse('unknown exchange tab');
    return go(`/admin/viewexchangedetails/${id.toLowerCase()}/${tab ? `${tab}/` : ''}`);
  }
  if (page === 'viewgroupdetails') {
    if (!id || !UUID.test(id)) return refuse('invalid group id');
    if (tab !== undefined && !(tab in GROUP_TABS)) return refuse('unknown group tab');
    return go(`/admin/viewgroupdetails/${id.toLowerCase()}/${tab ? GROUP_TABS[tab] : ''}`);
  }
  return refuse('unknown admin page');
}

export function parseDeepLink(raw: unknown): TDeepLinkResult {
  if (typeof raw !== 'string' || raw.length === 0) return refuse('not a link');
  if (raw.length > MAX_LINK_LENGTH) return refuse('too long');
  if (CONTROL.test(raw)) return refuse('control characters');
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return refuse('not a link');
  }
  if (url.protocol !== `${DEEP_LINK_SCHEME}:`) return refuse('not a gifting:// link');
  if (url.username || url.password || url.port) return refuse('credentials or port in the link');
  if (url.hash) return refuse('unexpected fragment');
  let segments: string[];
  try {
    segments = url.pathname
      .split('/')
      .filter(Boolean)
      .map((segment) => decodeURIComponent(segment));
  } catch {
    return refuse('malformed path');
  }
  if (segments.some((segment) => segment === '.' || segment === '..' || segment.includes('/')))
    return refuse('malformed path');
  if (url.hostname === 'admin') return adminPath(segments, url.searchParams);
  if (url.hostname === 'impersonate') {
    const [userId, ...rest] = segments;
    if (!userId || rest.length > 0 || !UUID.test(userId) || [...url.searchParams.keys()].length > 0)
      return refuse('invalid member id');
    return { ok: true, target: { kind: 'identity-window', userId: userId.toLowerCase() } };
  }
  return refuse('unknown link');
}

/** The deep link among a process's arguments (Windows and Linux pass it on the command line). */
export function deepLinkFromArgv(argv: readonly string[]): string | null {
  return argv.find((argument) => argument.toLowerCase().startsWith(`${DEEP_LINK_SCHEME}://`)) ?? null;
}
