import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../server/config';

const base = { DATABASE_URL: 'mysql://root@127.0.0.1:3306/gifting' };

describe('loadConfig', () => {
  it('applies defaults', () => {
    const config = loadConfig(base);
    expect(config).toMatchObject({
      port: 3000,
      nodeEnv: 'development',
      requestTimeoutMs: 30_000,
      publicUrl: 'http://localhost:3000',
    });
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'postgres://x/y' }, 'DATABASE_URL'],
    [{ DATABASE_URL: undefined }, 'DATABASE_URL'],
    [{ REQUEST_TIMEOUT_MS: '0' }, 'REQUEST_TIMEOUT_MS'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL'],
    [{ REDIS_URL: 'http://localhost' }, 'REDIS_URL'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
    [{ TRUST_PROXY: 'the balancer' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY'],
    [{ DATABASE_REPLICA_URLS: 'mysql://r1:3306/g,postgres://r2/g' }, 'DATABASE_REPLICA_URLS'],
    [{ DATABASE_REPLICA_MAX_LAG_MS: '10' }, 'DATABASE_REPLICA_MAX_LAG_MS'],
  ])('a bad value (%o) stops with a message naming %s', (override, variable) => {
    const env = { ...base, ...override };
    expect(() => loadConfig(env)).toThrow(ConfigError);
    try {
      loadConfig(env);
    } catch (error) {
      expect((error as ConfigError).message).toContain(variable);
      expect((error as ConfigError).problems.every((problem) => problem.startsWith(variable))).toBe(true);
    }
  });

  it('reads replica URLs as a comma-separated list, none by default', () => {
    expect(loadConfig(base).databaseReplicaUrls).toEqual([]);
    expect(
      loadConfig({ ...base, DATABASE_REPLICA_URLS: ' mysql://r1:3306/gifting, mariadb://r2:3307/gifting ,' })
        .databaseReplicaUrls,
    ).toEqual(['mysql://r1:3306/gifting', 'mariadb://r2:3307/gifting']);
  });

  it('treats empty strings as unset', () => {
    expect(loadConfig({ ...base, PORT: '' }).port).toBe(3000);
  });

  it('reads TRUST_PROXY as on/off, a number of hops, or proxy addresses and ranges', () => {
    const trust = (value: string) => loadConfig({ ...base, TRUST_PROXY: value }).trustProxy;
    expect(loadConfig(base).trustProxy).toBe(false);
    expect(trust('true')).toBe(true);
    expect(trust('no')).toBe(false);
    expect(trust('0')).toBe(false);
    expect(trust('1')).toBe(1);
    expect(trust('2')).toBe(2);
    expect(trust('10.0.0.0/8, 192.168.1.7,::1')).toBe('10.0.0.0/8,192.168.1.7,::1');
  });
});
