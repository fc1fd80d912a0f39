/**
 * A request to join a group, once answered, is no longer news: approving, declining or the asker
 * cancelling marks every manager's "… asked to join …" notice read (the owner's and each
 * assistant's), and tells their open pages on the live bus so the bell reloads (issue 26).
 */
import { describe, expect, it } from 'vitest';
import type { TLiveEvent } from '../../../server/realtime/bus';
import { testDb } from '../../helpers/db';
import { deps, member, unique, type TPerson } from './social-helpers';

async function groupWithAssistant() {
  const owner = await member();
  const assistant = await member();
  const { groupId } = await owner.caller.groups.create({ name: `Choir ${unique()}`, isPrivate: true });
  const { joinPath } = await owner.caller.groups.get({ groupId });
  const code = new URL(joinPath!, 'https://app.test').searchParams.get('code')!;
  await assistant.caller.groups.join({ groupId, code });
  await owner.caller.groups.setAssistant({ groupId, userId: assistant.id, isAssistant: true });
  return { owner, assistant, groupId };
}

/** The unread "asked to join" alerts a manager still sees. */
async function joinAlerts(manager: TPerson): Promise<string[]> {
  const state = await manager.caller.notifications.state();
  return state.alerts.filter((item) => item.payload.event === 'join-request').map((item) => item.title);
}

/** Live events heard on these people's channels while `act` runs. */
async function heardDuring(people: TPerson[], act: () => Promise<unknown>): Promise<Map<string, TLiveEvent[]>> {
  const heard = new Map<string, TLiveEvent[]>(people.map((person) => [person.id, []]));
  const offs = await Promise.all(
    people.map((person) => deps.bus.subscribe(person.id, (event) => heard.get(person.id)!.push(event))),
  );
  try {
    await act();
  } finally {
    for (const off of offs) off();
  }
  return heard;
}

describe('answered join requests leave the bell', () => {
  it.each([
    [
      'approving',
      (manager: TPerson, groupId: string, asker: TPerson) =>
        manager.caller.groups.approve({ groupId, userId: asker.id }),
    ],
    [
      'declining',
      (manager: TPerson, groupId: string, asker: TPerson) =>
        manager.caller.groups.decline({ groupId, userId: asker.id }),
    ],
    [
      'the asker cancelling',
      (_manager: TPerson, groupId: string, asker: TPerson) => asker.caller.groups.leave({ groupId }),
    ],
  ])('%s marks the notice read for the owner and every assistant, live', async (_label, answer) => {
    const { owner, assistant, groupId } = await groupWithAssistant();
    const asker = await member();
    const other = await member();
    await asker.caller.groups.join({ groupId });
    await other.caller.groups.join({ groupId });
    expect(await joinAlerts(owner)).toHaveLength(2);
    expect(await joinAlerts(assistant)).toHaveLength(2);
    const unreadBefore = (await owner.caller.notifications.state()).unreadCount;

    const heard = await heardDuring([owner, assistant], () => answer(assistant, groupId, asker));

    // Only the answered request's notice: the other person's request still waits.
    for (const manager of [owner, assistant]) {
      const alerts = await joinAlerts(manager);
      expect(alerts).toHaveLength(1);
      expect(heard.get(manager.id)).toContainEqual({ kind: 'notifications-changed' });
    }
    expect((await owner.caller.notifications.state()).unreadCount).toBe(unreadBefore - 1);
    const rows = await testDb().notification.findMany({
      where: { kind: 'group', payload: { contains: asker.id }, userId: { in: [owner.id, assistant.id] } },
    });
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => row.readAt !== null)).toBe(true);
  });
});
