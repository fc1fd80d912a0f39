/**
 * A wrong confirmation code says how many tries are left (issue 26): each wrong try answers 400
 * with the count; the try that spends the last attempt answers 410 (send a new code), and so does
 * the right code afterwards; a new code starts over.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { uniqueSuffix } from '../../factories/users';
import { TestBrowser } from '../../helpers/http-client';
import { codeFrom, waitForMail } from '../../helpers/mail';
import { startTestServer, type TTestServer } from '../../helpers/server';

let server: TTestServer;
beforeAll(async () => {
  server = await startTestServer();
});

describe('wrong confirmation codes', () => {
  it('count down the tries left, then ask for a new code', async () => {
    const email = `tries${uniqueSuffix()}@example.test`.toLowerCase();
    const client = new TestBrowser(server.baseUrl);
    expect((await client.post('/auth/v2/sign-up/', { name: 'Tri Er', email, password: 'sherwood' })).status).toBe(201);
    const code = codeFrom(await waitForMail(email, /confirmation code/));
    const wrong = code === '000000' ? '111111' : '000000';
    const messages: string[] = [];
    for (let i = 0; i < 4; i += 1) {
      const answer = await client.post('/auth/v2/confirm-code/', { code: wrong });
      expect(answer.status).toBe(400);
      messages.push(String((answer.body as { error: { message: string } }).error.message));
    }
    expect(messages).toEqual([
      'That code is not right: 4 tries left',
      'That code is not right: 3 tries left',
      'That code is not right: 2 tries left',
      'That code is not right: 1 try left',
    ]);
    const last = await client.post('/auth/v2/confirm-code/', { code: wrong });
    expect(last.status).toBe(410);
    expect((last.body as { error: { message: string } }).error.message).toBe(
      'That code has expired or was tried too many times; send a new one',
    );
    expect((await client.post('/auth/v2/confirm-code/', { code })).status).toBe(410);
  });
});
