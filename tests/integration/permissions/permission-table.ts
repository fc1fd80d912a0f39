/**
 * The permission table: for every tRPC procedure and every hand-written HTTP route, what each actor
 * gets. permissions.integration.test.ts reads the procedures and routes from the routers themselves
 * and fails when one has no entry here — add a row with every new procedure or route.
 *
 * Outcomes are HTTP statuses (tRPC errors are mapped to theirs). Requests carry the actor's bearer
 * token and no refresh cookie; cookie-driven rules (impersonation start, switching) have their own
 * matrix in tests/integration/auth/impersonation.integration.test.ts.
 */
import type { TActorName, TActors } from '../../factories/identities';

export type TExpect = Record<TActorName, number>;

const all = (status: number): TExpect => ({
  visitor: status,
  floater: status,
  registered: status,
  otherUser: status,
  analystImpersonating: status,
  supportAdmin: status,
  adminImpersonating: status,
});

/** Any known identity (floaters included). */
const known = (status = 200): TExpect => ({ ...all(status), visitor: 401 });

export interface TProcedureRow {
  input?: (actors: TActors) => unknown;
  expect: TExpect;
}

export interface TRouteRow {
  /** The concrete request: path with parameters filled, and the JSON body for POSTs. */
  request: (actors: TActors) => { path: string; body?: unknown };
  expect: TExpect;
}

export const PROCEDURES: Record<string, TProcedureRow> = {
  'auth.me': { expect: all(200) },
  'auth.providers': { expect: all(200) },
  // Only a sign-in that proved the e-mail sees accounts sharing it: the table's floater signed in
  // without the mailed link (a link sign-in is tested in tests/integration/auth/switching-proof).
  'auth.relatedAccounts': { expect: { ...known(), floater: 403 } },
  'auth.mergeAccounts': {
    input: () => ({ otherUserId: crypto.randomUUID() }),
    expect: {
      visitor: 401,
      floater: 401,
      registered: 404,
      otherUser: 404,
      analystImpersonating: 403,
      supportAdmin: 404,
      adminImpersonating: 403,
    },
  },
  'auth.switchTargets': { expect: known() },
  'enums.get': { input: () => ({ name: 'genders' }), expect: all(200) },
  'home.landing': { expect: all(200) },
  'shop.marketData': { expect: all(200) },
  'shop.markets': { expect: all(200) },
  'shop.topLevelGuides': { expect: all(200) },
};

const impersonatingRefused = (others: number, visitor = 401): TExpect => ({
  ...all(others),
  visitor,
  analystImpersonating: 403,
  adminImpersonating: 403,
});

export const ROUTES: Record<string, TRouteRow> = {
  'GET /healthz': { request: () => ({ path: '/healthz' }), expect: all(200) },
  'GET /readyz': { request: () => ({ path: '/readyz' }), expect: all(200) },
  'GET /v1/enums/:name': { request: () => ({ path: '/v1/enums/currencies' }), expect: all(200) },
  'GET /v1/shop/market-data': { request: () => ({ path: '/v1/shop/market-data?market=CA' }), expect: all(200) },

  'GET /v1/features/': { request: () => ({ path: '/v1/features/' }), expect: all(200) },
  'GET /v1/features/:name/assignment': {
    request: () => ({ path: '/v1/features/no-such-feature/assignment' }),
    expect: all(404),
  },
  'POST /v1/features/:name/variants/:variant/start': {
    request: () => ({ path: '/v1/features/no-such-feature/variants/a/start', body: {} }),
    expect: { ...all(404), analystImpersonating: 403 },
  },
  'POST /auth/set-experiment/': {
    request: () => ({ path: '/auth/set-experiment/', body: { experimentName: 'no-such-feature', variant: 'a' } }),
    expect: all(404),
  },
  'GET /v1/content/:section/:componentName': {
    request: () => ({ path: '/v1/content/screens/no-such-screen' }),
    expect: all(404),
  },
  'GET /v1/content/:componentName': { request: () => ({ path: '/v1/content/no-such-screen' }), expect: all(404) },
  'GET /v1/auth/.where-am-i': { request: () => ({ path: '/v1/auth/.where-am-i' }), expect: all(200) },
  'GET /v1/links/click': {
    request: () => ({ path: '/v1/links/click?url=https%3A%2F%2Fevil.example' }),
    expect: all(200),
  },
  'POST /v1/logs': {
    request: () => ({
      path: '/v1/logs',
      body: [{ level: 'info', category: 'x', message: 'm', clientKind: 'web', timestamp: 1, appVersion: '1' }],
    }),
    // Logs change no member data, so even a read-only support session may send them.
    expect: all(204),
  },
  'GET /v1/users/:userId/terms-of-service': {
    request: (a) => ({ path: `/v1/users/${a.owner.id}/terms-of-service` }),
    // Only the member themselves, or staff impersonating them.
    expect: {
      visitor: 401,
      floater: 403,
      registered: 200,
      otherUser: 403,
      analystImpersonating: 200,
      supportAdmin: 403,
      adminImpersonating: 200,
    },
  },
  'GET /v1/users/:userId/users-same-email': {
    request: (a) => ({ path: `/v1/users/${a.owner.id}/users-same-email` }),
    expect: {
      visitor: 401,
      floater: 403,
      registered: 200,
      otherUser: 403,
      analystImpersonating: 200,
      supportAdmin: 403,
      adminImpersonating: 200,
    },
  },
  'POST /v1/users/:userId/terms-of-service': {
    request: (a) => ({ path: `/v1/users/${a.owner.id}/terms-of-service`, body: {} }),
    expect: {
      visitor: 401,
      floater: 403,
      registered: 204,
      otherUser: 403,
      analystImpersonating: 403,
      supportAdmin: 403,
      adminImpersonating: 204,
    },
  },

  'GET /auth/v2/refresh-token/': { request: () => ({ path: '/auth/v2/refresh-token/' }), expect: all(200) },
  'GET /auth/v2/login/': { request: () => ({ path: '/auth/v2/login/?returnurl=/home/' }), expect: all(302) },
  'GET /auth/v2/logout/': { request: () => ({ path: '/auth/v2/logout/' }), expect: all(302) },
  'POST /auth/v2/logout/': { request: () => ({ path: '/auth/v2/logout/', body: {} }), expect: all(200) },
  'GET /auth/v2/confirm-email/': { request: () => ({ path: '/auth/v2/confirm-email/?token=nope' }), expect: all(302) },
  'GET /auth/v2/link/': { request: () => ({ path: '/auth/v2/link/?token=nope' }), expect: all(302) },
  'GET /auth/v2/impersonate/': {
    request: (a) => ({ path: `/auth/v2/impersonate/?uid=${a.owner.id}` }),
    expect: all(302),
  },
  'GET /auth/v2/switch/': { request: (a) => ({ path: `/auth/v2/switch/?uid=${a.owner.id}` }), expect: all(302) },
  'GET /auth/v2/oidc/callback/:idp/': {
    request: () => ({ path: '/auth/v2/oidc/callback/nowhere/?code=x&state=y' }),
    expect: all(404),
  },

  'POST /auth/v2/sign-up/': {
    request: () => ({ path: '/auth/v2/sign-up/', body: { name: 'x', email: 'bad', password: '1' } }),
    expect: all(400),
  },
  'POST /auth/v2/log-in/': {
    request: (a) => ({ path: '/auth/v2/log-in/', body: { email: a.owner.email, password: 'wrong password' } }),
    expect: all(401),
  },
  'POST /auth/v2/confirm-code/': {
    request: () => ({ path: '/auth/v2/confirm-code/', body: { code: '000000' } }),
    // Confirmed members get fresh tokens; the floater has no code mailed, so theirs expired.
    expect: { ...impersonatingRefused(200), floater: 410 },
  },
  'POST /auth/v2/confirm-code/resend/': {
    request: () => ({ path: '/auth/v2/confirm-code/resend/', body: {} }),
    expect: impersonatingRefused(200),
  },
  'POST /auth/v2/reset-password/request/': {
    request: (a) => ({ path: '/auth/v2/reset-password/request/', body: { email: a.owner.email } }),
    expect: all(202),
  },
  'POST /auth/v2/reset-password/': {
    request: () => ({
      path: '/auth/v2/reset-password/',
      body: { token: 'not-a-real-reset-token', password: 'new-password' },
    }),
    expect: impersonatingRefused(410, 410),
  },
  'POST /auth/v2/set-password/': {
    request: () => ({ path: '/auth/v2/set-password/', body: { password: 'a-new-password' } }),
    // Only a floater has no password yet.
    expect: { ...impersonatingRefused(409), floater: 200 },
  },
  'POST /auth/v2/change-password/': {
    request: () => ({
      path: '/auth/v2/change-password/',
      body: { currentPassword: 'wrong password', newPassword: 'whatever' },
    }),
    // Members get the wrong-password answer; a floater has no password to change.
    expect: { ...impersonatingRefused(400), floater: 409 },
  },
  'POST /auth/v2/change-email/': {
    request: () => ({
      path: '/auth/v2/change-email/',
      body: { newEmail: 'new@example.test', password: 'wrong password' },
    }),
    expect: { ...impersonatingRefused(400), floater: 409 },
  },
  'POST /auth/v2/change-email/confirm/': {
    request: () => ({ path: '/auth/v2/change-email/confirm/', body: { code: '000000' } }),
    expect: impersonatingRefused(410),
  },
  'POST /auth/v2/impersonate/': {
    request: (a) => ({ path: '/auth/v2/impersonate/', body: { uid: a.owner.id, reason: 'Permission table' } }),
    expect: all(401),
  },
  'POST /auth/v2/impersonate/stop/': {
    request: () => ({ path: '/auth/v2/impersonate/stop/', body: {} }),
    expect: all(401),
  },
  'POST /auth/v2/switch/': {
    request: (a) => ({ path: '/auth/v2/switch/', body: { uid: a.owner.id } }),
    expect: all(401),
  },
};
