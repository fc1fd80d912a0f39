/**
 * Demo gift exchanges, so a newcomer sees both sides: Dana organizes an office Secret Santa that is
 * open for sign-up (people who accepted, one still invited, one who declined, ice-breaker
 * questions), and takes part in Kim's family swap whose names are drawn (a restriction, her
 * exchange wish list, answers to the ice-breakers, a message each way with her recipient and with
 * her anonymous Secret Santa). Dates are relative to the day of seeding.
 */
import { createHash } from 'node:crypto';
import type { TDb } from '../server/db/client';
import { seedId } from './seed-ids';

type TTx = Parameters<Parameters<TDb['$transaction']>[0]>[0];

const userId = (key: string) => seedId(`user:${key}`);
const day = (offset: number) => {
  const date = new Date();
  date.setUTCHours(0, 0, 0, 0);
  date.setUTCDate(date.getUTCDate() + offset);
  return date;
};

export const DEMO_EXCHANGES = { open: seedId('exchange:open'), drawn: seedId('exchange:drawn') } as const;

/** A fixed private-link token (43 base64url characters) of a demo person without e-mail. */
const demoLinkToken = (key: string): string =>
  createHash('sha256').update(`demo-person-link:${key}`).digest('base64url');

/**
 * People without e-mail in Dana's open exchange (issue 31): Nora's link was opened (on a browser the
 * demo does not have, so opening it shows "already opened on another device"), Gus's not yet.
 */
export const DEMO_PERSON_LINKS = {
  nora: { userId: seedId('user:nomail:nora'), name: 'Nora Nomail', token: demoLinkToken('nora') },
  gus: { userId: seedId('user:nomail:gus'), name: 'Gus Paper', token: demoLinkToken('gus') },
} as const;

async function seedPeopleWithoutEmail(tx: TTx, exchangeId: string): Promise<void> {
  for (const [key, person] of Object.entries(DEMO_PERSON_LINKS)) {
    const [firstName, lastName] = person.name.split(' ');
    const data = { name: person.name, firstName: firstName ?? null, lastName: lastName ?? null };
    await tx.user.upsert({ where: { id: person.userId }, create: { id: person.userId, ...data }, update: data });
    await tx.userSettings.upsert({
      where: { userId: person.userId },
      create: { userId: person.userId, emailGuid: seedId(`email-guid:nomail:${key}`) },
      update: {},
    });
    await tx.exchangeParticipant.create({
      data: {
        exchangeId,
        userId: person.userId,
        status: 'accepted',
        respondedAt: day(-1),
        invitedById: userId('demo'),
      },
    });
    const opened = key === 'nora';
    await tx.exchangePersonLink.create({
      data: {
        id: seedId(`person-link:${key}`),
        exchangeId,
        userId: person.userId,
        token: person.token,
        createdById: userId('demo'),
        createdAt: day(-1),
        // The hash of a device secret nobody has: the link is bound elsewhere.
        deviceHash: opened ? createHash('sha256').update(`demo-device:${key}`).digest('hex') : null,
        openedAt: opened ? day(-1) : null,
        newLinkRequestedAt: opened ? day(0) : null,
      },
    });
  }
}

async function resetChildren(tx: TTx, exchangeId: string): Promise<void> {
  await tx.exchangeQuestion.deleteMany({ where: { exchangeId } });
  await tx.exchangeMessage.deleteMany({ where: { exchangeId } });
  await tx.exchangeAssignment.deleteMany({ where: { exchangeId } });
  await tx.exchangeRestriction.deleteMany({ where: { exchangeId } });
  await tx.exchangeEvent.deleteMany({ where: { exchangeId } });
  await tx.exchangeParticipant.deleteMany({ where: { exchangeId } });
}

async function upsertExchange(tx: TTx, id: string, data: Parameters<TTx['exchange']['create']>[0]['data']) {
  const { id: _id, ...rest } = data as { id: string } & Record<string, unknown>;
  await tx.exchange.upsert({ where: { id }, create: data, update: rest });
  await resetChildren(tx, id);
}

async function questions(tx: TTx, exchangeId: string, texts: string[], answers: Record<string, string[]>) {
  for (const [index, text] of texts.entries()) {
    const questionId = seedId(`exchange-question:${exchangeId}:${index}`);
    await tx.exchangeQuestion.create({ data: { id: questionId, exchangeId, text, sortOrder: index } });
    for (const [who, replies] of Object.entries(answers)) {
      const answer = replies[index];
      if (answer)
        await tx.exchangeAnswer.create({
          data: {
            id: seedId(`exchange-answer:${exchangeId}:${index}:${who}`),
            questionId,
            userId: userId(who),
            answer,
          },
        });
    }
  }
}

export async function seedExchanges(tx: TTx): Promise<void> {
  // ---- Dana's office Secret Santa: open for sign-up ----
  const open = DEMO_EXCHANGES.open;
  await upsertExchange(tx, open, {
    id: open,
    organizerId: userId('demo'),
    title: 'Office Secret Santa',
    description: 'Our yearly swap: keep it fun, keep it under budget. Gifts under the tree by Friday!',
    signUpDate: day(14),
    exchangeDate: day(30),
    budgetCurrency: 'USD',
    budgetAmount: 30,
    location: 'Third-floor kitchen',
    partyTime: '16:00',
    deliveryType: 'inPerson',
    themeId: 'office',
    joinCode: 'demo-office-secret-santa',
  });
  await tx.exchangeParticipant.createMany({
    data: [
      { exchangeId: open, userId: userId('demo'), status: 'accepted', respondedAt: day(-2) },
      {
        exchangeId: open,
        userId: userId('sam'),
        status: 'accepted',
        comment: 'Wouldn’t miss it!',
        respondedAt: day(-1),
        invitedById: userId('demo'),
      },
      {
        exchangeId: open,
        userId: userId('jo'),
        status: 'accepted',
        respondedAt: day(-1),
        invitedById: userId('demo'),
        isAssistant: true,
      },
      {
        exchangeId: open,
        userId: userId('kim'),
        status: 'invited',
        invitedById: userId('demo'),
        inviteSentAt: day(-2),
      },
      {
        exchangeId: open,
        userId: userId('riley'),
        status: 'declined',
        comment: 'Travelling that week, sorry!',
        respondedAt: day(-1),
        invitedById: userId('demo'),
      },
    ],
  });
  await tx.exchangeEvent.createMany({
    data: [
      { exchangeId: open, actorId: userId('demo'), kind: 'created', createdAt: day(-2) },
      {
        exchangeId: open,
        actorId: userId('demo'),
        kind: 'invited',
        details: JSON.stringify({ count: 4 }),
        createdAt: day(-2),
      },
      { exchangeId: open, actorId: userId('sam'), kind: 'accepted', createdAt: day(-1) },
      { exchangeId: open, actorId: userId('jo'), kind: 'accepted', createdAt: day(-1) },
      { exchangeId: open, actorId: userId('riley'), kind: 'declined', createdAt: day(-1) },
    ],
  });
  await seedPeopleWithoutEmail(tx, open);
  await questions(tx, open, ['What’s your go-to snack?', 'Something you’d never buy for yourself?'], {
    sam: ['Salted caramel anything', 'Fancy socks'],
  });

  // ---- Kim's family swap: names drawn; Dana takes part ----
  const drawn = DEMO_EXCHANGES.drawn;
  await upsertExchange(tx, drawn, {
    id: drawn,
    organizerId: userId('kim'),
    title: 'Lee family gift swap',
    description: 'One gift each, mailed before the holidays.',
    signUpDate: day(-5),
    exchangeDate: day(21),
    budgetCurrency: 'USD',
    budgetAmount: 50,
    deliveryType: 'mail',
    themeId: 'family',
    status: 'drawn',
    drawnAt: day(-3),
    drawVersion: 1,
    joinCode: 'demo-lee-family-swap',
  });
  const people = ['kim', 'demo', 'sam', 'alex', 'jo'];
  const listId = seedId('wish-list:dana-lee-swap');
  await tx.wishList.upsert({
    where: { id: listId },
    create: {
      id: listId,
      ownerId: userId('demo'),
      title: 'For the Lee family swap',
      privacy: 'exchange',
      exchangeId: drawn,
      eventDate: day(21),
      sortOrder: 10,
    },
    update: {},
  });
  for (const [index, title] of ['Cozy reading lamp', 'Dark roast coffee beans'].entries()) {
    const id = seedId(`wish:dana-lee-swap:${index}`);
    await tx.wish.upsert({ where: { id }, create: { id, wishlistId: listId, title, sortOrder: index }, update: {} });
  }
  await tx.exchangeParticipant.createMany({
    data: people.map((key) => ({
      exchangeId: drawn,
      userId: userId(key),
      status: 'accepted',
      respondedAt: day(-8),
      invitedById: key === 'kim' ? null : userId('kim'),
      wishlistId: key === 'demo' ? listId : key === 'sam' ? seedId('wish-list:sam-list') : null,
      willShipInternationally: key === 'alex',
    })),
  });
  // Riley joined after the draw (late joins stay open): "not yet drawn" until Kim draws the latecomers.
  await tx.exchangeParticipant.create({
    data: {
      exchangeId: drawn,
      userId: userId('riley'),
      status: 'accepted',
      respondedAt: day(-1),
      invitedById: userId('kim'),
    },
  });
  // Dana and Jo never draw each other; the draw: demo→sam→kim→jo→alex→demo.
  await tx.exchangeRestriction.createMany({
    data: [
      { exchangeId: drawn, giverId: userId('demo'), receiverId: userId('jo') },
      { exchangeId: drawn, giverId: userId('jo'), receiverId: userId('demo') },
    ],
  });
  const chain = ['demo', 'sam', 'kim', 'jo', 'alex'];
  await tx.exchangeAssignment.createMany({
    data: chain.map((giver, index) => ({
      exchangeId: drawn,
      giverId: userId(giver),
      receiverId: userId(chain[(index + 1) % chain.length]!),
      createdAt: day(-3),
    })),
  });
  await questions(tx, drawn, ['Favourite colour?', 'Tea or coffee?'], {
    sam: ['Forest green', 'Coffee, black'],
    demo: ['Deep red', 'Coffee with oat milk'],
    kim: ['Yellow', 'Green tea'],
  });
  const message = (key: string, giver: string, receiver: string, fromGiver: boolean, body: string, offset: number) => ({
    id: seedId(`exchange-message:${key}`),
    exchangeId: drawn,
    giverId: userId(giver),
    receiverId: userId(receiver),
    fromGiver,
    body,
    createdAt: new Date(day(-2).getTime() + offset * 3_600_000),
  });
  await tx.exchangeMessage.createMany({
    data: [
      message('dana-to-sam', 'demo', 'sam', true, 'Hi! Any size preferences for a sweater?', 1),
      message('sam-to-santa', 'demo', 'sam', false, 'Medium, and anything green makes me happy.', 3),
      message('alex-to-dana', 'alex', 'demo', true, 'Ho ho ho! Are you more of a tea or a coffee person?', 2),
      message('dana-to-santa', 'alex', 'demo', false, 'Coffee, always. Thank you, Santa!', 4),
    ],
  });
  await tx.exchangeEvent.createMany({
    data: [
      { exchangeId: drawn, actorId: userId('kim'), kind: 'created', createdAt: day(-10) },
      {
        exchangeId: drawn,
        actorId: userId('kim'),
        kind: 'invited',
        details: JSON.stringify({ count: 4 }),
        createdAt: day(-10),
      },
      {
        exchangeId: drawn,
        actorId: userId('kim'),
        kind: 'restrictions-changed',
        details: JSON.stringify({ name: 'Dana Demo' }),
        createdAt: day(-6),
      },
      {
        exchangeId: drawn,
        actorId: userId('kim'),
        kind: 'drawn',
        details: JSON.stringify({ count: 5 }),
        createdAt: day(-3),
      },
      { exchangeId: drawn, actorId: userId('riley'), kind: 'accepted', createdAt: day(-1) },
    ],
  });
}
