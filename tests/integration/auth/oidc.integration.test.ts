/**
 * Social sign-in end to end against a real local OpenID Connect provider (tests/helpers/oidc-idp.ts):
 * /auth/v2/login/?idp=... -> IdP authorize -> log-in and consent -> /auth/v2/oidc/callback/:idp/ ->
 * the app's redirect, with the app's refresh cookie set.
 */
import { randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../factories/identities';
import { uniqueSuffix } from '../../factories/users';
import { testDb } from '../../helpers/db';
import {
  TestBrowser,
  startSocialTestEnvironment,
  type TIdpAccount,
  type TNavigation,
  type TSocialTestEnvironment,
} from '../../helpers/oidc-idp';

const REFRESH_COOKIE = 'gifting_rt';
const STATE_COOKIE = 'gifting_oidc';

let env: TSocialTestEnvironment;
const db = testDb();

beforeAll(async () => {
  env = await startSocialTestEnvironment();
});

afterAll(async () => {
  await env?.close();
});

function appUrl(path: string): string {
  return `${env.baseUrl}${path}`;
}

function loginUrl(query: Record<string, string>): string {
  return appUrl(`/auth/v2/login/?${new URLSearchParams(query).toString()}`);
}

/** Stops once the chain leaves the IdP and the app's /auth endpoints (a renderer page). */
function isAppPage(next: URL): boolean {
  return next.origin === env.baseUrl && !next.pathname.startsWith('/auth/');
}

/** Registers an account at the IdP that the next log-in interaction signs in as. */
function idpAccount(overrides: Partial<TIdpAccount> = {}): TIdpAccount {
  const account: TIdpAccount = {
    sub: `sub-${randomUUID()}`,
    email: `social${uniqueSuffix()}@example.test`,
    email_verified: true,
    name: 'Sam Social',
    given_name: 'Sam',
    family_name: 'Social',
    ...overrides,
  };
  env.idp.accounts.set(account.sub, account);
  env.idp.nextLogin = account.sub;
  return account;
}

async function socialSignIn(browser: TestBrowser, query: Record<string, string> = {}): Promise<TNavigation> {
  return browser.navigate(loginUrl({ idp: env.idpId, returnurl: '/gift-exchanges/', ...query }), { until: isAppPage });
}

async function refreshIdentity(
  browser: TestBrowser,
): Promise<{ userId: string; identityProvider: string | null } | null> {
  const response = await browser.request(appUrl('/auth/v2/refresh-token/'));
  expect(response.status).toBe(200);
  const body = (await response.json()) as { accessToken: string | null };
  if (!body.accessToken) return null;
  const decoded = jwt.decode(body.accessToken);
  if (!decoded || typeof decoded === 'string' || typeof decoded.sub !== 'string')
    throw new Error('access token without a subject');
  return { userId: decoded.sub, identityProvider: (decoded.identityProvider as string | null | undefined) ?? null };
}

async function identityOwner(subject: string): Promise<string | null> {
  const identity = await db.externalIdentity.findUnique({
    where: { provider_subject: { provider: env.idpId, subject } },
  });
  return identity?.userId ?? null;
}

describe('social sign-in start', () => {
  it('redirects to the IdP with code + PKCE (S256), state, nonce and login_hint, keeping them in a short-lived signed cookie', async () => {
    const browser = new TestBrowser();
    const response = await browser.request(
      loginUrl({ idp: env.idpId, returnurl: '/gift-exchanges/?tab=mine', lh: 'someone@example.test' }),
    );
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('location') ?? '');
    expect(location.origin).toBe(env.idp.issuer);
    const params = location.searchParams;
    expect(params.get('response_type')).toBe('code');
    expect(params.get('client_id')).toBe(env.idp.clientId);
    expect(params.get('redirect_uri')).toBe(appUrl(`/auth/v2/oidc/callback/${env.idpId}/`));
    expect(params.get('code_challenge_method')).toBe('S256');
    expect(params.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(params.get('state')).toBeTruthy();
    expect(params.get('nonce')).toBeTruthy();
    expect(params.get('login_hint')).toBe('someone@example.test');
    expect(params.get('scope')?.split(' ')).toEqual(expect.arrayContaining(['openid', 'email', 'profile']));

    const setCookie = response.headers.getSetCookie().find((header) => header.startsWith(`${STATE_COOKIE}=`)) ?? '';
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Path=\/(;|$)/);
    expect(setCookie).toMatch(/Max-Age=600/);
    const cookie = browser.jar.get(env.baseUrl, STATE_COOKIE) ?? '';
    const payload = jwt.decode(cookie, { json: true });
    expect(payload?.aud).toBe('gifting-oidc-state');
    expect(payload?.st).toBe(params.get('state'));
    expect(payload?.n).toBe(params.get('nonce'));
    expect(payload?.ret).toBe('/gift-exchanges/?tab=mine');
    // The verifier stays with the browser; only its S256 challenge went to the IdP.
    expect(typeof payload?.cv).toBe('string');
    expect(params.get('code_challenge')).not.toBe(payload?.cv);
  });
});

describe('social sign-in with a real IdP', () => {
  it('(a) creates and signs in a new member for a new identity', async () => {
    const account = idpAccount();
    const browser = new TestBrowser();
    const navigation = await socialSignIn(browser);

    expect(navigation.url.href).toBe(appUrl('/gift-exchanges/'));
    expect(navigation.visited.some((url) => url.startsWith(env.idp.issuer))).toBe(true);
    expect(navigation.visited.some((url) => url.startsWith(appUrl(`/auth/v2/oidc/callback/${env.idpId}/`)))).toBe(true);
    expect(browser.jar.get(env.baseUrl, REFRESH_COOKIE)).toBeTruthy();
    expect(browser.jar.get(env.baseUrl, STATE_COOKIE)).toBeUndefined();

    const identity = await refreshIdentity(browser);
    expect(identity?.identityProvider).toBe(env.idpId);
    const userId = identity?.userId ?? '';
    expect(await identityOwner(account.sub)).toBe(userId);
    const user = await db.user.findUniqueOrThrow({ where: { id: userId }, include: { credential: true } });
    expect(user.email).toBe(account.email);
    expect(user.name).toBe('Sam Social');
    expect(user.firstName).toBe('Sam');
    expect(user.lastName).toBe('Social');
    expect(user.emailConfirmedAt).not.toBeNull();
    expect(user.credential).toBeNull();
    // Like every account, it has its settings row (and e-mail settings guid) from the start.
    expect((await db.userSettings.findUnique({ where: { userId } }))?.emailGuid).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('(b) the same subject signs into the same member again, without a duplicate', async () => {
    const account = idpAccount();
    const first = new TestBrowser();
    await socialSignIn(first);
    const firstIdentity = await refreshIdentity(first);

    const second = new TestBrowser();
    const navigation = await socialSignIn(second, { returnurl: '/home/' });
    expect(navigation.url.href).toBe(appUrl('/home/'));
    const secondIdentity = await refreshIdentity(second);
    expect(secondIdentity?.userId).toBe(firstIdentity?.userId);
    expect(secondIdentity?.identityProvider).toBe(env.idpId);
    expect(await db.externalIdentity.count({ where: { provider: env.idpId, subject: account.sub } })).toBe(1);
    expect(await db.user.count({ where: { email: account.email } })).toBe(1);
  });

  it('(c) a verified e-mail of a password member is linked only after that member logs in with the password', async () => {
    const member = await createMember(db);
    const account = idpAccount({ email: member.email, email_verified: true });
    const browser = new TestBrowser();
    const navigation = await socialSignIn(browser);

    expect(navigation.url.origin).toBe(env.baseUrl);
    expect(navigation.url.pathname).toBe('/a/log-in/');
    const link = navigation.url.searchParams.get('link') ?? '';
    expect(navigation.url.searchParams.get('email')).toBe(member.email);
    expect(navigation.url.searchParams.get('returnurl')).toBe('/gift-exchanges/');
    expect(jwt.decode(link, { json: true })?.aud).toBe('gifting-oidc-link');
    // Nothing linked and nobody signed in yet.
    expect(await identityOwner(account.sub)).toBeNull();
    expect(browser.jar.get(env.baseUrl, REFRESH_COOKIE)).toBeUndefined();

    const logIn = await browser.postJson(appUrl('/auth/v2/log-in/'), {
      email: member.email,
      password: member.password,
      link,
    });
    expect(logIn.status).toBe(200);
    expect(await identityOwner(account.sub)).toBe(member.id);
    const audit = await db.auditLog.findFirst({ where: { actorUserId: member.id, action: 'identity.link-social' } });
    expect(audit?.details).toContain(account.sub);

    const later = new TestBrowser();
    const again = await socialSignIn(later);
    expect(again.url.href).toBe(appUrl('/gift-exchanges/'));
    const identity = await refreshIdentity(later);
    expect(identity?.userId).toBe(member.id);
    expect(identity?.identityProvider).toBe(env.idpId);
    expect(await db.externalIdentity.count({ where: { provider: env.idpId, subject: account.sub } })).toBe(1);
  });

  it('a verified look-alike e-mail (gmáil.com for gmail.com) is another address: its own member, no link offered', async () => {
    const local = `look${uniqueSuffix()}`;
    const member = await createMember(db, { email: `${local}@gmail.com` });
    const account = idpAccount({ email: `${local}@gmáil.com`, email_verified: true });
    const browser = new TestBrowser();
    const navigation = await socialSignIn(browser);
    // Not sent to log in as the gmail.com member to link the identity to that account.
    expect(navigation.url.pathname).not.toBe('/a/log-in/');
    const owner = await identityOwner(account.sub);
    expect(owner).toBeTruthy();
    expect(owner).not.toBe(member.id);
    expect((await refreshIdentity(browser))?.userId).toBe(owner);
    const created = await db.user.findUniqueOrThrow({ where: { id: owner! } });
    expect(created.emailCanonical).toBe(`${local}@xn--gmil-6na.com`);
    expect(created.registeredEmail).toBe(`${local}@xn--gmil-6na.com`);
    expect(await db.externalIdentity.count({ where: { userId: member.id } })).toBe(0);
  });

  it('(c) a bad pending-link token is ignored: the password log-in works and nothing is linked', async () => {
    const member = await createMember(db);
    const browser = new TestBrowser();
    const before = await db.externalIdentity.count({ where: { userId: member.id } });
    const forged = jwt.sign(
      { prv: env.idpId, sub: 'forged-subject', email: member.email },
      'not-the-app-key-but-long-enough-1234567890',
      {
        audience: 'gifting-oidc-link',
        expiresIn: 900,
      },
    );
    for (const link of ['garbage', forged]) {
      const logIn = await browser.postJson(appUrl('/auth/v2/log-in/'), {
        email: member.email,
        password: member.password,
        link,
      });
      expect(logIn.status).toBe(200);
    }
    expect(await db.externalIdentity.count({ where: { userId: member.id } })).toBe(before);
    expect(await identityOwner('forged-subject')).toBeNull();
  });

  it('(c) a pending link is not redeemed by a different member who logs in with it', async () => {
    const owner = await createMember(db);
    const other = await createMember(db);
    const account = idpAccount({ email: owner.email, email_verified: true });
    const browser = new TestBrowser();
    const navigation = await socialSignIn(browser);
    const link = navigation.url.searchParams.get('link') ?? '';
    expect(link).not.toBe('');

    const logIn = await browser.postJson(appUrl('/auth/v2/log-in/'), {
      email: other.email,
      password: other.password,
      link,
    });
    expect(logIn.status).toBe(200);
    expect(await identityOwner(account.sub)).toBeNull();
  });

  it('(d) a signed-in member links a new social identity and stays that member', async () => {
    const member = await createMember(db);
    const browser = new TestBrowser();
    const logIn = await browser.postJson(appUrl('/auth/v2/log-in/'), {
      email: member.email,
      password: member.password,
    });
    expect(logIn.status).toBe(200);

    const account = idpAccount({ email: `other${uniqueSuffix()}@example.test` });
    const navigation = await socialSignIn(browser, { returnurl: '/settings/' });
    expect(navigation.url.href).toBe(appUrl('/settings/'));
    expect(await identityOwner(account.sub)).toBe(member.id);
    const identity = await refreshIdentity(browser);
    expect(identity?.userId).toBe(member.id);
    expect(identity?.identityProvider).toBe(env.idpId);
    const audit = await db.auditLog.findFirst({ where: { actorUserId: member.id, action: 'identity.link-social' } });
    expect(audit?.details).toContain(account.sub);
    expect(await db.user.count({ where: { email: account.email } })).toBe(0);
  });

  it('(e) an unverified e-mail matching a member creates a separate account that never reaches the member', async () => {
    const member = await createMember(db);
    const account = idpAccount({ email: member.email, email_verified: false });
    const browser = new TestBrowser();
    const navigation = await socialSignIn(browser);

    expect(navigation.url.href).toBe(appUrl('/gift-exchanges/'));
    const identity = await refreshIdentity(browser);
    expect(identity?.userId).toBeTruthy();
    expect(identity?.userId).not.toBe(member.id);
    expect(await identityOwner(account.sub)).toBe(identity?.userId);
    const created = await db.user.findUniqueOrThrow({ where: { id: identity?.userId ?? '' } });
    expect(created.emailConfirmedAt).toBeNull();
    // The unverified address stays on the provider identity: the account does not share the member's.
    expect(created.email).toBeNull();
    expect(created.registeredEmail).toBeNull();
    expect(await db.externalIdentity.count({ where: { userId: member.id } })).toBe(0);
    // No switching into the member's account from this sign-in.
    const switched = await browser.postJson(appUrl('/auth/v2/switch/'), { uid: member.id });
    expect(switched.status).toBe(403);
    expect(((await switched.json()) as { error: { message: string } }).error.message).toBe(
      'Forbidden, please contact support',
    );
  });

  it('(e) an unverified e-mail is never linked, not even to the member signed in', async () => {
    const member = await createMember(db);
    const browser = new TestBrowser();
    expect(
      (await browser.postJson(appUrl('/auth/v2/log-in/'), { email: member.email, password: member.password })).status,
    ).toBe(200);
    const account = idpAccount({ email: `unverified${uniqueSuffix()}@example.test`, email_verified: false });
    const navigation = await socialSignIn(browser);
    expect(navigation.url.href).toBe(appUrl('/a/log-in/?error=social-unverified'));
    expect(await identityOwner(account.sub)).toBeNull();
    // The member's own sign-in is untouched.
    expect((await refreshIdentity(browser))?.userId).toBe(member.id);
  });

  it('(e) an unverified e-mail of a floater does not make the social account related to it', async () => {
    const email = `floating${uniqueSuffix()}@example.test`;
    const floater = await db.user.create({ data: { id: randomUUID(), name: 'Floating Fran', email } });
    idpAccount({ email, email_verified: false });
    const browser = new TestBrowser();
    await socialSignIn(browser);
    const switched = await browser.postJson(appUrl('/auth/v2/switch/'), { uid: floater.id });
    expect(switched.status).toBe(403);
    expect(await db.auditLog.count({ where: { subjectUserId: floater.id, action: 'identity.refused:switch' } })).toBe(
      1,
    );
  });

  it('a verified e-mail held by another social member is refused, not duplicated', async () => {
    const first = idpAccount();
    await socialSignIn(new TestBrowser());
    const holder = await identityOwner(first.sub);
    idpAccount({ email: first.email, sub: `sub-${randomUUID()}` });
    const navigation = await socialSignIn(new TestBrowser());
    expect(navigation.url.href).toBe(appUrl('/a/log-in/?error=social-email-in-use'));
    expect(await db.user.count({ where: { registeredEmail: first.email } })).toBe(1);
    expect(holder).toBeTruthy();
  });

  it('a member whose account was deleted is refused', async () => {
    const account = idpAccount();
    await socialSignIn(new TestBrowser());
    const userId = (await identityOwner(account.sub)) ?? '';
    await db.user.update({ where: { id: userId }, data: { deletedAt: new Date() } });

    const browser = new TestBrowser();
    const navigation = await socialSignIn(browser);
    expect(navigation.url.href).toBe(appUrl('/a/log-in/?error=social'));
    expect(browser.jar.get(env.baseUrl, REFRESH_COOKIE)).toBeUndefined();
  });
});

describe('social sign-in failures', () => {
  /** Runs the flow up to (not including) the app's callback and answers the callback URL. */
  async function untilCallback(browser: TestBrowser): Promise<URL> {
    const navigation = await browser.navigate(loginUrl({ idp: env.idpId, returnurl: '/gift-exchanges/' }), {
      until: (next) => next.href.startsWith(appUrl(`/auth/v2/oidc/callback/${env.idpId}/`)),
    });
    expect(navigation.url.searchParams.get('code')).toBeTruthy();
    return navigation.url;
  }

  it('(f) a tampered state ends on /a/log-in/?error=social and creates no account; the state is single use', async () => {
    const account = idpAccount();
    const browser = new TestBrowser();
    const callback = await untilCallback(browser);
    const tampered = new URL(callback);
    tampered.searchParams.set('state', `${callback.searchParams.get('state') ?? ''}x`);

    const response = await browser.request(tampered);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/a/log-in/?error=social');
    expect(browser.jar.get(env.baseUrl, REFRESH_COOKIE)).toBeUndefined();
    expect(await identityOwner(account.sub)).toBeNull();

    // The state cookie was cleared: the genuine response cannot be replayed afterwards either.
    const replay = await browser.request(callback);
    expect(replay.headers.get('location')).toBe('/a/log-in/?error=social');
    expect(await identityOwner(account.sub)).toBeNull();
  });

  it('(f) a forged or missing state cookie ends on /a/log-in/?error=social', async () => {
    const account = idpAccount();
    const forged = new TestBrowser();
    const callback = await untilCallback(forged);
    const cookie = forged.jar.get(env.baseUrl, STATE_COOKIE) ?? '';
    const payload = jwt.decode(cookie, { json: true }) ?? {};
    forged.jar.set(
      env.baseUrl,
      STATE_COOKIE,
      jwt.sign({ ...payload, ret: '/admin/' }, 'not-the-app-key-but-long-enough-1234567890'),
    );
    const response = await forged.request(callback);
    expect(response.headers.get('location')).toBe('/a/log-in/?error=social');

    const fresh = new TestBrowser();
    const missing = await fresh.request(callback);
    expect(missing.status).toBe(302);
    expect(missing.headers.get('location')).toBe('/a/log-in/?error=social');
    expect(await identityOwner(account.sub)).toBeNull();
  });

  it('an error answered by the IdP (the user refused) ends on /a/log-in/?error=social', async () => {
    env.idp.nextLogin = 'deny';
    const browser = new TestBrowser();
    const navigation = await socialSignIn(browser);
    expect(navigation.url.href).toBe(appUrl('/a/log-in/?error=social'));
    expect(navigation.visited.some((url) => url.includes('error=access_denied'))).toBe(true);
    expect(browser.jar.get(env.baseUrl, REFRESH_COOKIE)).toBeUndefined();
  });

  it('(g) an unknown idp is 404 at the start and at the callback', async () => {
    const browser = new TestBrowser();
    const start = await browser.request(loginUrl({ idp: 'nope', returnurl: '/home/' }));
    expect(start.status).toBe(404);
    expect(((await start.json()) as { error: { code: string } }).error.code).toBe('NOT_FOUND');
    const callback = await browser.request(appUrl('/auth/v2/oidc/callback/nope/?code=abc&state=def'));
    expect(callback.status).toBe(404);
  });

  it('(h) a returnurl to another site ends on /home/', async () => {
    idpAccount();
    const browser = new TestBrowser();
    const navigation = await socialSignIn(browser, { returnurl: '//evil.example' });
    expect(navigation.url.href).toBe(appUrl('/home/'));
    expect(browser.jar.get(env.baseUrl, REFRESH_COOKIE)).toBeTruthy();
  });
});
