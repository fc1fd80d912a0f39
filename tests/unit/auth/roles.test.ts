import { describe, expect, it } from 'vitest';
import { rolesFor, canWriteWhileImpersonating, isStaff } from '../../../server/auth/roles';
import { createRateLimiter } from '../../../server/auth/rate-limit';
import { hasScope } from '../../../server/auth/floater-links';
import { deriveAuthFlags, identityChangeState, canUseAdminArea } from '../../../server/contracts/identity';
import { ROLES } from '../../../server/contracts/roles';

const facts = {
  hasPassword: false,
  hasExternalIdentity: false,
  emailConfirmed: false,
  relatedRegisteredAccount: false,
  grantedRoles: [],
};

describe('roles of an account (spec §6)', () => {
  it('a password member is fully authenticated and registered; e-mail-registered once confirmed', () => {
    expect(rolesFor({ ...facts, hasPassword: true }).sort()).toEqual([ROLES.fullAuth, ROLES.registeredUser].sort());
    expect(rolesFor({ ...facts, hasPassword: true, emailConfirmed: true })).toContain(ROLES.emailRegistered);
  });
  it('a social-only member is registered but not e-mail-registered', () => {
    expect(rolesFor({ ...facts, hasExternalIdentity: true, emailConfirmed: true })).not.toContain(
      ROLES.emailRegistered,
    );
  });
  it('a member with neither is a floater; e-mail-registered when a registered account shares the e-mail', () => {
    expect(rolesFor(facts)).toEqual([ROLES.semiAuth]);
    const related = rolesFor({ ...facts, relatedRegisteredAccount: true });
    expect(
      deriveAuthFlags({
        roles: related,
        impersonatorUserId: null,
        impersonatorRoles: [],
        facebookId: null,
        isNoShow: false,
      }),
    ).toMatchObject({
      isFloater: true,
      isEmailRegistered: true,
      isPossiblyRegistered: true,
      isAuthenticated: false,
    });
  });
  it('granted roles come on top', () => {
    expect(rolesFor({ ...facts, hasPassword: true, grantedRoles: [ROLES.supportAnalyst] })).toContain(
      ROLES.supportAnalyst,
    );
  });
  it('only admins and leads write while impersonating', () => {
    expect(canWriteWhileImpersonating([ROLES.supportAnalyst])).toBe(false);
    expect(canWriteWhileImpersonating([ROLES.supportAdmin])).toBe(true);
    expect(canWriteWhileImpersonating([ROLES.supportLead])).toBe(true);
    expect(isStaff([ROLES.vip])).toBe(false);
  });
});

describe('derived flags (one place for server and renderer)', () => {
  const base = {
    roles: [] as string[],
    impersonatorUserId: null,
    impersonatorRoles: [] as string[],
    facebookId: null,
    isNoShow: false,
  };
  it('visitors know nothing', () => {
    expect(deriveAuthFlags(null)).toMatchObject({ isKnown: false, isAuthenticated: false, isAdmin: false });
  });
  it('impersonated, impersonator-admin and Facebook-connected', () => {
    const flags = deriveAuthFlags({
      ...base,
      roles: [ROLES.fullAuth],
      impersonatorUserId: 'staff',
      impersonatorRoles: [ROLES.supportAnalyst],
      facebookId: 'fb1',
    });
    expect(flags).toMatchObject({
      isImpersonated: true,
      isImpersonatorAdmin: true,
      isAdmin: false,
      isFacebookConnected: true,
      isKnown: true,
    });
    expect(canUseAdminArea(flags)).toBe(true);
  });
  it('support roles are admins; merchandiser and VIP are flags', () => {
    expect(deriveAuthFlags({ ...base, roles: [ROLES.supportLead, ROLES.merchandiser, ROLES.vip] })).toMatchObject({
      isAdmin: true,
      isMerchandiser: true,
      isVip: true,
    });
  });
});

describe('identity change states (spec §4)', () => {
  const current = { userId: 'a', token: 't1', impersonatorUserId: null, impersonatorRoles: [], expires: 2000 };
  it.each([
    [null, null, 'none'],
    [null, { userId: 'a', token: 't1' }, 'new'],
    [current, null, 'removedExternally'],
    [current, { userId: 'a' }, 'removedExternally'],
    [current, { userId: 'b', token: 't2' }, 'changedExternally'],
    [
      current,
      { userId: 'b', token: 't2', impersonatorUserId: 'a', impersonatorRoles: [ROLES.supportAdmin as string] },
      'impersonatedExternally',
    ],
    [
      current,
      { userId: 'b', token: 't2', impersonatorUserId: 'a', impersonatorRoles: [ROLES.vip as string] },
      'changedExternally',
    ],
    [current, { userId: 'a', token: 't2' }, 'updatedExternally'],
    [current, { userId: 'a', token: 't1' }, 'same'],
  ] as [never, never, string][])('%o then %o gives %s', (from, found, expected) => {
    expect(identityChangeState(from, found)).toBe(expected);
  });
  it('an expired identity is expired', () => {
    expect(identityChangeState(current, { ...current }, 3000)).toBe('expired');
  });
});

describe('log-in throttling window', () => {
  it('blocks after max failures and tells when to retry', async () => {
    let now = 0;
    const limiter = createRateLimiter({ max: 3, windowMs: 60_000, now: () => now });
    for (let i = 0; i < 3; i += 1) await limiter.record('k');
    expect(await limiter.retryAfter('k')).toBe(60);
    now = 30_000;
    expect(await limiter.retryAfter('k')).toBe(30);
    now = 60_000;
    expect(await limiter.retryAfter('k')).toBe(0);
  });
});

describe('floater scopes', () => {
  it('grants exactly what the link says', () => {
    expect(hasScope(['exchange:1:rsvp'], 'exchange:1:rsvp')).toBe(true);
    expect(hasScope(['exchange:1:rsvp'], 'exchange:2:rsvp')).toBe(false);
    expect(hasScope(['exchange:1:*'], 'exchange:1:wishlist')).toBe(true);
    expect(hasScope([], 'anything')).toBe(false);
  });
});
