import { generateKeyPairSync } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config';
import {
  ACCESS_TOKEN_AUDIENCE,
  signAccessToken,
  verifyAccessToken,
  type TIdentityClaims,
} from '../../../server/auth/tokens';

const config = loadConfig({
  DATABASE_URL: 'mysql://root@127.0.0.1:3306/x',
  JWT_SECRET: 'a-test-secret-that-is-long-enough-32b',
  PUBLIC_URL: 'https://gifts.example',
});

const claims: TIdentityClaims = {
  sub: '0F8FAD5B-D9CB-469F-A165-70867728950E',
  role: ['ElfFullAuth', 'ElfRegisteredUser'],
  locale: 'en_US',
  testGroup: 3,
  isNoShow: false,
  facebookId: null,
  hasOnlyFacebookLogin: false,
  identityProvider: null,
  impersonatorUserId: null,
  impersonatorRoles: [],
  rootIdentity: null,
  fam: 'family-1',
  ims: null,
  scope: [],
};

function b64(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

describe('access tokens', () => {
  it('round-trips the spec §3 identity fields with a lower-case user id and seconds timestamps', () => {
    const { token, created, expires } = signAccessToken(config, claims, { nowSeconds: Math.floor(Date.now() / 1000) });
    const identity = verifyAccessToken(config, token);
    expect(identity.userId).toBe('0f8fad5b-d9cb-469f-a165-70867728950e');
    expect(identity.roles).toEqual(['ElfFullAuth', 'ElfRegisteredUser']);
    expect(identity.created).toBe(created);
    expect(identity.expires).toBe(expires);
    expect(expires - created).toBe(config.accessTokenTtlSeconds);
    expect(identity.testGroup).toBe(3);
    expect(identity.familyId).toBe('family-1');
    const decoded = jwt.decode(token, { complete: true })!;
    expect(decoded.header.alg).toBe('HS256');
    expect((decoded.payload as jwt.JwtPayload).role).toEqual(claims.role);
  });

  it('refuses alg none', () => {
    const now = Math.floor(Date.now() / 1000);
    const payload = {
      sub: claims.sub,
      role: ['ElfSupportAdmin'],
      iss: config.publicUrl,
      aud: ACCESS_TOKEN_AUDIENCE,
      exp: now + 600,
    };
    const forged = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(payload)}.`;
    expect(() => verifyAccessToken(config, forged)).toThrow();
  });

  it('refuses a token signed with another key', () => {
    const other = {
      ...config,
      jwt: { algorithm: 'HS256' as const, secret: 'another-secret-that-is-also-32-bytes-long' },
    };
    const { token } = signAccessToken(other, claims);
    expect(() => verifyAccessToken(config, token)).toThrow(/signature/);
  });

  it('refuses a wrong audience or issuer', () => {
    const key = config.jwt.algorithm === 'HS256' ? config.jwt.secret : '';
    const wrongAudience = jwt.sign({ role: [] }, key, {
      algorithm: 'HS256',
      audience: 'someone-else',
      issuer: config.publicUrl,
      subject: claims.sub,
      expiresIn: 60,
    });
    expect(() => verifyAccessToken(config, wrongAudience)).toThrow(/audience/);
    const wrongIssuer = jwt.sign({ role: [] }, key, {
      algorithm: 'HS256',
      audience: ACCESS_TOKEN_AUDIENCE,
      issuer: 'https://evil.example',
      subject: claims.sub,
      expiresIn: 60,
    });
    expect(() => verifyAccessToken(config, wrongIssuer)).toThrow(/issuer/);
  });

  it('refuses an expired token', () => {
    const { token } = signAccessToken(config, claims, {
      nowSeconds: Math.floor(Date.now() / 1000) - 7200,
      ttlSeconds: 60,
    });
    expect(() => verifyAccessToken(config, token)).toThrow(/expired/);
  });

  it('refuses an HS256 token when the server uses RS256 (algorithm confusion)', () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const rsaConfig = {
      ...config,
      jwt: {
        algorithm: 'RS256' as const,
        privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
        publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
      },
    };
    const { token } = signAccessToken(rsaConfig, claims);
    expect(verifyAccessToken(rsaConfig, token).userId).toBe(claims.sub.toLowerCase());
    const confused = jwt.sign({ role: [] }, 'x'.repeat(40), {
      algorithm: 'HS256',
      audience: ACCESS_TOKEN_AUDIENCE,
      issuer: config.publicUrl,
      subject: claims.sub,
      expiresIn: 60,
    });
    expect(() => verifyAccessToken(rsaConfig, confused)).toThrow();
  });

  it('the configuration refuses a short secret, naming the variable', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x@y/z', JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x@y/z', NODE_ENV: 'production' })).toThrow(/JWT_SECRET/);
  });
});
