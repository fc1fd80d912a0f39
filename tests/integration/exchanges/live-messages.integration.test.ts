/**
 * Secret Santa messages are live (issue 26): sending one publishes the reader's notice on the
 * realtime bus once committed, so their open pages reload the thread; neither the bus event nor
 * the notice it names carries the giver.
 */
import { describe, expect, it } from 'vitest';
import type { TLiveEvent } from '../../../server/realtime/bus';
import { notificationFor } from '../../../server/services/notifications/state';
import { createMember, identityFor } from '../../factories/identities';
import { callerFor } from '../../helpers/caller';
import { testDb } from '../../helpers/db';
import { testDeps } from '../../helpers/server';

const deps = testDeps();

async function member() {
  const created = await createMember(testDb());
  const identity = await identityFor(deps, created.id);
  return { id: created.id, identity, caller: callerFor(identity, deps) };
}

describe('live Secret Santa messages', () => {
  it('tell the reader’s open pages at once, naming neither the giver nor anything but the thread', async () => {
    const people = [await member(), await member(), await member()];
    const [organizer, ...others] = people as [(typeof people)[0], ...typeof people];
    const exchange = await organizer.caller.exchanges.create({
      title: `Live ${crypto.randomUUID().slice(0, 6)}`,
      exchangeDate: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
      budget: { currency: 'USD', amount: 20 },
      themeId: 'office',
      sendInvitations: false,
    });
    const code = new URL(exchange.signUpUrl ?? '').searchParams.get('code') ?? '';
    for (const person of others) {
      await person.caller.exchanges.joinByLink({ exchangeId: exchange.exchangeId, code });
      await person.caller.exchanges.rsvp({ exchangeId: exchange.exchangeId, response: 'accept' });
    }
    const { exchangeId } = exchange;
    await organizer.caller.exchanges.draw({ exchangeId });
    const recipientId = (await organizer.caller.exchanges.myAssignment({ exchangeId })).recipient.userId;
    const recipient = people.find((person) => person.id === recipientId)!;

    const heard: TLiveEvent[] = [];
    const off = await deps.bus.subscribe(recipient.id, (event) => heard.push(event));
    try {
      await organizer.caller.exchanges.sendMessage({ exchangeId, with: 'recipient', body: 'Tea or coffee?' });
      await expect.poll(() => heard.length).toBe(1);
    } finally {
      off();
    }
    const event = heard[0]!;
    expect(event.kind).toBe('notification');
    expect(JSON.stringify(event)).not.toContain(organizer.id);
    // The notice the stream sends the reader: the exchange and "santa", never the giver.
    const item = await notificationFor(
      deps.db,
      recipient.identity,
      (event as Extract<TLiveEvent, { kind: 'notification' }>).notificationId,
    );
    expect(item).toMatchObject({ kind: 'exchange', payload: { exchangeId, event: 'message', from: 'santa' } });
    expect(JSON.stringify(item)).not.toContain(organizer.id);
  });
});
