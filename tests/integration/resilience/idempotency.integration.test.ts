/**
 * Idempotency-Key on creating writes, through the real HTTP server and the real database: a retry
 * with the same key answers the first result (and writes nothing more), a retry while the first
 * still holds its key answers 409 with Retry-After, the same key with another payload answers 422;
 * through tRPC (wishes, claims, messages) and REST (POST /v1/users, a child account).
 */
import { createHash, randomUUID } from 'node:crypto';
import mysql from 'mysql2/promise';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseDatabaseUrl } from '../../../server/db/database-url';
import { deleteExpiredIdempotencyKeys } from '../../../server/idempotency/idempotency';
import { createMember, identityFor } from '../../factories/identities';
import { testDb } from '../../helpers/db';
import { TestBrowser } from '../../helpers/http-client';
import { startTestServer, testDeps, type TTestServer } from '../../helpers/server';

let server: TTestServer;
const deps = testDeps();
beforeAll(async () => {
  server = await startTestServer();
});

async function member(): Promise<{ id: string; token: string }> {
  const created = await createMember(testDb());
  return { id: created.id, token: (await identityFor(deps, created.id)).token };
}

async function mutate(token: string, procedure: string, input: unknown, key?: string) {
  return new TestBrowser(server.baseUrl).request<{
    result?: { data: Record<string, unknown> };
    error?: { message: string; data: { httpStatus: number; appCode: string } };
  }>('POST', `/trpc/${procedure}`, {
    json: input,
    bearer: token,
    headers: key === undefined ? {} : { 'idempotency-key': key },
  });
}

const wishesTitled = (title: string) => testDb().wish.count({ where: { title } });

describe('Idempotency-Key on tRPC creating writes', () => {
  it('a retry with the same key answers the first wish and adds no second one', async () => {
    const ann = await member();
    const key = randomUUID();
    const title = `Kite ${key}`;
    const first = await mutate(ann.token, 'wishLists.addWish', { title }, key);
    expect(first.status).toBe(200);
    const retry = await mutate(ann.token, 'wishLists.addWish', { title }, key);
    expect(retry.status).toBe(200);
    expect(retry.body.result!.data).toEqual(first.body.result!.data);
    expect(await wishesTitled(title)).toBe(1);
    // Without a key, the same call is a new wish; a new key too.
    await mutate(ann.token, 'wishLists.addWish', { title });
    await mutate(ann.token, 'wishLists.addWish', { title }, randomUUID());
    expect(await wishesTitled(title)).toBe(3);
  });

  it('the same key with a different payload answers 422 and writes nothing', async () => {
    const ann = await member();
    const key = randomUUID();
    await mutate(ann.token, 'wishLists.addWish', { title: `Drum ${key}` }, key);
    const other = await mutate(ann.token, 'wishLists.addWish', { title: `Flute ${key}` }, key);
    expect(other.status).toBe(422);
    expect(other.body.error!.data.appCode).toBe('UNPROCESSABLE');
    expect(await wishesTitled(`Flute ${key}`)).toBe(0);
  });

  it('keys are per caller: another member with the same key gets their own wish', async () => {
    const [ann, bob] = [await member(), await member()];
    const key = randomUUID();
    const title = `Shared key ${key}`;
    const a = await mutate(ann.token, 'wishLists.addWish', { title }, key);
    const b = await mutate(bob.token, 'wishLists.addWish', { title }, key);
    expect(b.status).toBe(200);
    expect(b.body.result!.data.wishId).not.toBe(a.body.result!.data.wishId);
    expect(await wishesTitled(title)).toBe(2);
  });

  it('a retry while the first request still holds the key answers 409 with Retry-After', async () => {
    const ann = await member();
    const key = randomUUID();
    const title = `Held ${key}`;
    // Another request's open transaction holds the key (as a slow first request would).
    const url = parseDatabaseUrl(process.env.DATABASE_URL!);
    const connection = await mysql.createConnection({ ...url });
    try {
      await connection.beginTransaction();
      await connection.query(
        'INSERT INTO idempotency_keys (actor_id, key_hash, operation, request_hash, expires_at) VALUES (?, ?, ?, ?, NOW() + INTERVAL 1 DAY)',
        [ann.id, createHash('sha256').update(key).digest('hex'), 'wishLists.addWish', 'x'.repeat(64)],
      );
      const meanwhile = await mutate(ann.token, 'wishLists.addWish', { title }, key);
      expect(meanwhile.status).toBe(409);
      expect(Number(meanwhile.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await wishesTitled(title)).toBe(0);
    } finally {
      await connection.rollback();
      await connection.end();
    }
    // The holder went away without committing: the retry runs.
    expect((await mutate(ann.token, 'wishLists.addWish', { title }, key)).status).toBe(200);
    expect(await wishesTitled(title)).toBe(1);
  });

  it('ten identical requests at once write one wish; each answers it or 409', async () => {
    const ann = await member();
    const key = randomUUID();
    const title = `Race ${key}`;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => mutate(ann.token, 'wishLists.addWish', { title }, key)),
    );
    const ok = answers.filter((answer) => answer.status === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(new Set(ok.map((answer) => answer.body.result!.data.wishId)).size).toBe(1);
    expect(answers.every((answer) => answer.status === 200 || answer.status === 409)).toBe(true);
    expect(await wishesTitled(title)).toBe(1);
  });

  it('a refused write stores no key: fixed and retried with the same key, it runs', async () => {
    const ann = await member();
    const key = randomUUID();
    const missingList = randomUUID();
    const refused = await mutate(ann.token, 'wishLists.addWish', { title: 'Lost', wishlistId: missingList }, key);
    expect(refused.status).toBe(404);
    expect(await testDb().idempotencyKey.count({ where: { actorId: ann.id } })).toBe(0);
  });

  it('a malformed key answers 400 in words', async () => {
    const ann = await member();
    const answer = await mutate(ann.token, 'wishLists.addWish', { title: 'Bad key' }, 'has spaces in it');
    expect(answer.status).toBe(400);
    expect(answer.body.error!.message).toContain('Idempotency-Key');
  });

  it('claims and messages are guarded too', async () => {
    const [ann, bob] = [await member(), await member()];
    await testDb().userSettings.create({ data: { userId: bob.id, emailGuid: randomUUID(), isPrivate: false } });
    const wish = await mutate(bob.token, 'wishLists.addWish', { title: 'Bike', quantity: 3 });
    const wishId = wish.body.result!.data.wishId as string;
    const claimKey = randomUUID();
    const claim = await mutate(ann.token, 'wishLists.claim', { wishId, quantity: 1 }, claimKey);
    expect(claim.status).toBe(200);
    expect((await mutate(ann.token, 'wishLists.claim', { wishId, quantity: 1 }, claimKey)).body).toEqual(claim.body);
    expect((await mutate(ann.token, 'wishLists.claim', { wishId, quantity: 2 }, claimKey)).status).toBe(422);
    expect(await testDb().wishClaim.findMany({ where: { wishId }, select: { quantity: true } })).toEqual([
      { quantity: 1 },
    ]);

    const started = await mutate(ann.token, 'messages.startDirect', { userId: bob.id });
    const conversationId = started.body.result!.data.conversationId as string;
    const messageKey = randomUUID();
    const body = `Hello ${messageKey}`;
    const sent = await mutate(ann.token, 'messages.send', { conversationId, body }, messageKey);
    expect(sent.status).toBe(200);
    const again = await mutate(ann.token, 'messages.send', { conversationId, body }, messageKey);
    expect(again.body).toEqual(sent.body);
    expect(await testDb().chatMessage.count({ where: { conversationId, body } })).toBe(1);
  });
});

describe('invitations and groups', () => {
  it('a retried group creation makes one group; a retried invitation answers the first rows and sends one mail job', async () => {
    const ann = await member();
    const groupKey = randomUUID();
    const name = `Book club ${groupKey.slice(0, 8)}`;
    const created = await mutate(ann.token, 'groups.create', { name }, groupKey);
    expect(created.status).toBe(200);
    expect((await mutate(ann.token, 'groups.create', { name }, groupKey)).body).toEqual(created.body);
    expect(await testDb().group.count({ where: { name } })).toBe(1);
    const groupId = created.body.result!.data.groupId as string;

    const email = `f-${randomUUID().slice(0, 12)}@example.com`;
    const inviteKey = randomUUID();
    const invited = await mutate(ann.token, 'groups.inviteEmails', { groupId, emails: [email] }, inviteKey);
    expect(invited.status).toBe(200);
    expect(invited.body.result!.data).toMatchObject({ rows: [{ result: 'invited' }] });
    // The replay answers the first result ("invited"), not a second run's "already invited".
    const replay = await mutate(ann.token, 'groups.inviteEmails', { groupId, emails: [email] }, inviteKey);
    expect(replay.body).toEqual(invited.body);
    expect(await testDb().groupInvitation.count({ where: { groupId } })).toBe(1);
    const retriedWithoutKey = await mutate(ann.token, 'groups.inviteEmails', { groupId, emails: [email] });
    expect(retriedWithoutKey.body.result!.data).toMatchObject({ rows: [{ result: 'already-invited' }] });
  });
});

describe('expiry', () => {
  it('an expired key is forgotten: the hourly job deletes it, and the same key starts a new write', async () => {
    const ann = await member();
    const key = randomUUID();
    const title = `Expiring ${key}`;
    await mutate(ann.token, 'wishLists.addWish', { title }, key);
    await testDb().idempotencyKey.updateMany({
      where: { actorId: ann.id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect(await deleteExpiredIdempotencyKeys(testDb())).toBeGreaterThanOrEqual(1);
    expect(await testDb().idempotencyKey.count({ where: { actorId: ann.id } })).toBe(0);
    expect((await mutate(ann.token, 'wishLists.addWish', { title }, key)).status).toBe(200);
    expect(await wishesTitled(title)).toBe(2);
  });
});

describe('Idempotency-Key on REST creating writes', () => {
  it('POST /v1/users (a child account) answers the first child to a retry, 422 to another payload', async () => {
    const parent = await member();
    const key = randomUUID();
    const client = new TestBrowser(server.baseUrl);
    const post = (firstName: string) =>
      client.request<{ userId: string }>('POST', '/v1/users', {
        json: { firstName, lastName: 'Idem' },
        bearer: parent.token,
        headers: { 'idempotency-key': key },
      });
    const first = await post('Mia');
    expect(first.status).toBe(201);
    const retry = await post('Mia');
    expect(retry.status).toBe(201);
    expect(retry.body.userId).toBe(first.body.userId);
    expect((await post('Leo')).status).toBe(422);
    expect(await testDb().parentAccount.count({ where: { parentId: parent.id } })).toBe(1);
  });
});
