import { describe, expect, it } from 'vitest';
import { redactSecretsInText, redactUrl } from '../../../server/http/log-redaction';
import { sanitizeEntry } from '../../../server/services/logs/client-logs';

const GUID = '0f8fad5b-d9cb-469f-a165-70867728950e';

describe('log redaction of the manage-notifications key (emailGuid)', () => {
  it('redacts it as a query parameter, in any case', () => {
    expect(redactUrl(`/email/notifications/?emailGuid=${GUID}`)).toBe('/email/notifications/?emailGuid=[redacted]');
    expect(redactUrl(`/email/notifications/?x=1&EMAILGUID=${GUID}`)).toBe(
      '/email/notifications/?x=1&EMAILGUID=[redacted]',
    );
  });

  it('redacts it inside a tRPC input (single and batch) and keeps the rest of the input readable', () => {
    const single = redactUrl(
      `/trpc/people.emailSettings?input=${encodeURIComponent(JSON.stringify({ emailGuid: GUID, x: 'kept' }))}`,
    );
    expect(single).not.toContain(GUID);
    expect(decodeURIComponent(single)).toContain('"emailGuid":"[redacted]"');
    expect(decodeURIComponent(single)).toContain('"x":"kept"');
    const batch = redactUrl(
      `/trpc/auth.me,people.emailSettings?batch=1&input=${encodeURIComponent(JSON.stringify({ 1: { emailGuid: GUID } }))}`,
    );
    expect(batch).not.toContain(GUID);
    expect(batch.startsWith('/trpc/auth.me,people.emailSettings?batch=1&input=')).toBe(true);
  });

  it('redacts it in a nested return address and in free text', () => {
    const nested = redactUrl(
      `/a/log-in/?returnurl=${encodeURIComponent(`/email/notifications/?emailGuid=${GUID}&y=2`)}`,
    );
    expect(nested).not.toContain(GUID);
    expect(redactSecretsInText(`opened https://x.test/email/notifications/?emailGuid=${GUID}`)).toBe(
      'opened https://x.test/email/notifications/?emailGuid=[redacted]',
    );
    expect(redactSecretsInText(`{"emailGuid" : "${GUID}"}`)).toBe('{"emailGuid" : "[redacted]"}');
  });

  it('leaves other query values alone', () => {
    expect(redactUrl('/v1/enums/genders?probe=visible')).toBe('/v1/enums/genders?probe=visible');
    const input = `?input=${encodeURIComponent(JSON.stringify({ userId: GUID }))}`;
    expect(redactUrl(`/trpc/people.profile${input}`)).toBe(`/trpc/people.profile${input}`);
  });

  it('redacts it from client log entries (message and info)', () => {
    const entry = sanitizeEntry({
      level: 'error',
      category: 'routing',
      message: `failed at /email/notifications/?emailGuid=${GUID}`,
      clientKind: 'web',
      timestamp: 1,
      appVersion: '1',
      info: { emailGuid: GUID, nested: { emailGuid: GUID } },
    });
    expect(JSON.stringify(entry)).not.toContain(GUID);
  });
});

describe("log redaction of a live stream's token (its connection parameters)", () => {
  it('redacts the access token the live link sends in the address, and keeps the rest', () => {
    const token = 'eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl';
    const url =
      `/trpc/messages.onMessage?input=${encodeURIComponent(JSON.stringify({ lastEventId: '12' }))}` +
      `&connectionParams=${encodeURIComponent(JSON.stringify({ token }))}`;
    const logged = redactUrl(url);
    expect(logged).not.toContain(token);
    expect(decodeURIComponent(logged)).toContain('connectionParams={"token":"[redacted]"}');
    expect(decodeURIComponent(logged)).toContain('"lastEventId":"12"');
  });
});
