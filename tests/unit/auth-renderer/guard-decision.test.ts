import { describe, expect, it } from 'vitest';
import { deriveAuthFlags } from '../../../server/contracts/identity';
import { ROLES } from '../../../server/contracts/roles';
import {
  ADMIN_DENIED,
  guardDecision,
  isUnauthorizedError,
  logInAddress,
  returnUrlFrom,
} from '../../../renderer/auth/guard-decision';

const identity = (roles: string[], impersonatorRoles: string[] = [], impersonatorUserId: string | null = null) => ({
  roles,
  impersonatorRoles,
  impersonatorUserId,
  facebookId: null,
  isNoShow: false,
});

const actors = {
  visitor: deriveAuthFlags(null),
  floater: deriveAuthFlags(identity([ROLES.semiAuth])),
  member: deriveAuthFlags(identity([ROLES.fullAuth, ROLES.registeredUser])),
  admin: deriveAuthFlags(identity([ROLES.fullAuth, ROLES.registeredUser, ROLES.supportAdmin])),
  impersonatorAdmin: deriveAuthFlags(
    identity([ROLES.fullAuth, ROLES.registeredUser], [ROLES.supportLead], '0b3c4a52-5b4e-4f55-9d55-08d1c1d3b0a1'),
  ),
};

const here = { pathname: '/wish-lists/', search: '?tab=mine', hash: '#top' };
const toLogIn = `/a/log-in/?returnurl=${encodeURIComponent('/wish-lists/?tab=mine')}`;

describe('guardDecision', () => {
  describe.each([
    ['visitor', { signedIn: toLogIn, known: toLogIn, admin: '/home/' }],
    ['floater', { signedIn: toLogIn, known: null, admin: '/home/' }],
    ['member', { signedIn: null, known: null, admin: '/home/' }],
    ['admin', { signedIn: null, known: null, admin: null }],
    ['impersonatorAdmin', { signedIn: null, known: null, admin: null }],
  ] as const)('%s', (actor, expected) => {
    const flags = actors[actor];
    it.each(['signedIn', 'known', 'admin'] as const)('%s', (guard) => {
      const redirect = expected[guard];
      // Sent away from the admin area, a person is told why (a toast where they land).
      const notice = guard === 'admin' ? { notice: ADMIN_DENIED } : {};
      expect(guardDecision(guard, flags, here)).toEqual(redirect === null ? { allow: true } : { redirect, ...notice });
    });
    it('changesIdentity and unguarded routes run no check', () => {
      expect(guardDecision('changesIdentity', flags, here)).toEqual({ allow: true });
      expect(guardDecision(null, flags, here)).toEqual({ allow: true });
      expect(guardDecision(undefined, flags, here)).toEqual({ allow: true });
    });
  });

  it('keeps path and query (not the hash) as the return address', () => {
    const decision = guardDecision('signedIn', actors.visitor, {
      pathname: '/gift-exchanges/x/',
      search: '?a=1&b=2',
      hash: '#h',
    });
    expect(decision).toEqual({ redirect: '/a/log-in/?returnurl=%2Fgift-exchanges%2Fx%2F%3Fa%3D1%26b%3D2' });
  });
});

describe('logInAddress', () => {
  it('drops a return address that is not same-site', () => {
    expect(logInAddress({ pathname: '//evil.example/' })).toBe('/a/log-in/');
    expect(logInAddress(null)).toBe('/a/log-in/');
  });
});

describe('returnUrlFrom', () => {
  it('answers the safe returnurl or home', () => {
    expect(returnUrlFrom('?returnurl=%2Fshop%2F')).toBe('/shop/');
    expect(returnUrlFrom('?returnurl=https%3A%2F%2Fevil.example%2F')).toBe('/home/');
    expect(returnUrlFrom('?returnurl=%2F%2Fevil.example')).toBe('/home/');
    expect(returnUrlFrom('')).toBe('/home/');
  });
});

describe('isUnauthorizedError', () => {
  it('recognises 401s from tRPC, the requester and auth calls', () => {
    expect(isUnauthorizedError({ data: { httpStatus: 401, code: 'UNAUTHORIZED' } })).toBe(true);
    expect(isUnauthorizedError({ data: { code: 'UNAUTHORIZED' } })).toBe(true);
    expect(isUnauthorizedError({ status: 401 })).toBe(true);
  });
  it('ignores everything else', () => {
    expect(isUnauthorizedError({ data: { httpStatus: 403, code: 'FORBIDDEN' } })).toBe(false);
    expect(isUnauthorizedError({ status: 500 })).toBe(false);
    expect(isUnauthorizedError(new Error('401'))).toBe(false);
    expect(isUnauthorizedError(null)).toBe(false);
  });
});
