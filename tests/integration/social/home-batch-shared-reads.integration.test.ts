/**
 * The member's home sends one GET batch; activity.birthdays and messages.reminders in it share one
 * read of the viewer's birthday audience (server/trpc/shared-reads.ts). Shared or not, the answers
 * are the same: over HTTP, the batch against each call on its own, with a reminder about someone who
 * left the audience (a block) hidden in both; and through the test caller, which never shares.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { scanReminders } from '../../../server/services/messages/reminders';
import { createContextInner, sharedRead, sharedReadsFor } from '../../../server/trpc/context';
import { appRouter } from '../../../server/trpc/router';
import { testDb } from '../../helpers/db';
import { startTestServer, type TTestServer } from '../../helpers/server';
import { deps, member, type TPerson } from './social-helpers';

const birthdayIn = (days: number) => {
  const date = new Date(Date.now() + days * 86_400_000);
  return { month: date.getUTCMonth() + 1, day: date.getUTCDate() };
};

let server: TTestServer;
let reader: TPerson;
let shown: TPerson;
let blocking: TPerson;

beforeAll(async () => {
  server = await startTestServer();
  reader = await member();
  shown = await member({ isPrivate: false });
  blocking = await member({ isPrivate: false });
  for (const [person, days] of [
    [shown, 3],
    [blocking, 5],
  ] as const) {
    await person.caller.people.patch({ userId: person.id, profile: { birthday: birthdayIn(days) } });
    await reader.caller.people.follow({ userId: person.id });
  }
  await scanReminders(testDb(), new Date(), reader.id);
  // The reminder about `blocking` is stored; the block takes them out of the audience since.
  await blocking.caller.people.block({ userId: reader.id });
});

async function getJson(path: string): Promise<unknown> {
  const response = await fetch(`${server.baseUrl}${path}`, {
    headers: { authorization: `Bearer ${reader.identity.token}` },
  });
  expect(response.status).toBe(200);
  return response.json();
}

const birthdaysInput = { withinDays: 30 };

describe('the home batch’s birthdays and reminders', () => {
  it('answer in one GET batch exactly what each call answers alone', async () => {
    const batch = (await getJson(
      `/trpc/activity.birthdays,messages.reminders?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: birthdaysInput }))}`,
    )) as { result: { data: unknown } }[];
    const birthdays = (await getJson(
      `/trpc/activity.birthdays?input=${encodeURIComponent(JSON.stringify(birthdaysInput))}`,
    )) as { result: { data: unknown } };
    const reminders = (await getJson('/trpc/messages.reminders')) as { result: { data: unknown } };
    expect(batch.map((answer) => answer.result.data)).toEqual([birthdays.result.data, reminders.result.data]);

    const people = (birthdays.result.data as { person: { userId: string } }[]).map((entry) => entry.person.userId);
    expect(people).toEqual([shown.id]);
    const reminded = (reminders.result.data as { kind: string; path: string }[])
      .filter((row) => row.kind === 'birthday')
      .map((row) => row.path);
    expect(reminded).toEqual([`/profile/${shown.id}/`]);
  });

  it('read the audience once when the context shares reads, as an HTTP request of queries does', async () => {
    const sharedReads = sharedReadsFor(['activity.birthdays', 'messages.reminders']);
    const shared = appRouter.createCaller(createContextInner({ ...deps, identity: reader.identity, sharedReads }));
    const [birthdays, reminders] = await Promise.all([
      shared.activity.birthdays(birthdaysInput),
      shared.messages.reminders(),
    ]);
    expect([...sharedReads.reads.keys()]).toEqual([`birthday-audience:${reader.id}`]);
    expect(birthdays).toEqual(await reader.caller.activity.birthdays(birthdaysInput));
    expect(reminders).toEqual(await reader.caller.messages.reminders());
  });
});

describe('reminders without the home’s birthdays in the same request', () => {
  it('look up only the people they remind of, sharing nothing', async () => {
    const sharedReads = sharedReadsFor(['messages.reminders', 'notifications.state']);
    const caller = appRouter.createCaller(createContextInner({ ...deps, identity: reader.identity, sharedReads }));
    expect(await caller.messages.reminders()).toEqual(await reader.caller.messages.reminders());
    expect(sharedReads.reads.size).toBe(0);
  });
});

describe('sharedRead', () => {
  it('loads once per key while reads are shared, and every time when they are not', async () => {
    let loads = 0;
    const load = async () => (loads += 1);
    const ctx = { sharedReads: sharedReadsFor([]) };
    expect(await Promise.all([sharedRead(ctx, 'a', load), sharedRead(ctx, 'a', load)])).toEqual([1, 1]);
    expect(await sharedRead(ctx, 'b', load)).toBe(2);
    expect(await sharedRead({ sharedReads: null }, 'a', load)).toBe(3);
    expect(await sharedRead({ sharedReads: null }, 'a', load)).toBe(4);
  });
});
