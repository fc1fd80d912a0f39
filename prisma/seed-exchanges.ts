/**
 * Demo gift exchanges, so a newcomer sees both sides: Dana organizes an office Secret Santa that is
 * open for sign-up (people who accepted, one still invited, one who declined, ice-breaker
 * questions), and takes part in Kim's family swap whose names are drawn (a restriction, her
 * exchange wish list, answers to the ice-breakers, a message each way with her recipient and with
 * her anonymous Secret Santa, and the exchange wall with one anonymous post). Issue 31 adds Sam's
 * White Elephant party (its turn order drawn) and Alex's book club swap, whose date has passed: Sam
 * thanked his Secret Santa, Dana, with a photo of the gift, shown in its gallery. Dates are relative
 * to the day of seeding.
 */
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { TDb } from '../server/db/client';
import { GALLERY_PHOTO_BOX } from '../server/services/exchanges/thank-yous';
import { reencodePicture, writePictureFile } from '../server/services/people/picture';
import { seedId } from './seed-ids';

type TTx = Parameters<Parameters<TDb['$transaction']>[0]>[0];

const userId = (key: string) => seedId(`user:${key}`);
const day = (offset: number) => {
  const date = new Date();
  date.setUTCHours(0, 0, 0, 0);
  date.setUTCDate(date.getUTCDate() + offset);
  return date;
};

export const DEMO_EXCHANGES = {
  open: seedId('exchange:open'),
  drawn: seedId('exchange:drawn'),
  party: seedId('exchange:white-elephant'),
  past: seedId('exchange:book-club'),
} as const;

/** The demo thank-you's gallery photo: a file under DATA_DIR/pictures, drawn by the seed (seed.ts). */
export const DEMO_THANK_YOU = {
  id: seedId('exchange-thank-you:book-club:sam'),
  photoKey: `thanks-${seedId('exchange-thank-you:book-club:sam')}-demo0001.webp`,
} as const;

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
  await tx.exchangeWallPost.deleteMany({ where: { exchangeId } });
  await tx.exchangeThankYou.deleteMany({ where: { exchangeId } });
  await tx.exchangeTurn.deleteMany({ where: { exchangeId } });
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
  // The wall: Kim's reminder, an anonymous hint ("Someone in the exchange": Sam, known only to him)
  // and Dana's answer.
  await tx.exchangeWallPost.createMany({
    data: [
      {
        exchangeId: drawn,
        authorId: userId('kim'),
        body: 'Reminder: please mail your gifts by the 15th so they arrive in time!',
        createdAt: new Date(day(-2).getTime() + 5 * 3_600_000),
      },
      {
        exchangeId: drawn,
        authorId: userId('sam'),
        isAnonymous: true,
        body: 'A little hint: someone here has been eyeing a good mystery novel.',
        createdAt: new Date(day(-2).getTime() + 6 * 3_600_000),
      },
      {
        exchangeId: drawn,
        authorId: userId('demo'),
        body: 'Mine is wrapped and ready to go. Can’t wait!',
        createdAt: new Date(day(-1).getTime() + 2 * 3_600_000),
      },
    ],
  });

  await seedWhiteElephant(tx);
  await seedBookClub(tx);
}

/** Sam's White Elephant party (issue 31): no pairs, a turn order drawn yesterday, and the rules. */
async function seedWhiteElephant(tx: TTx): Promise<void> {
  const party = DEMO_EXCHANGES.party;
  await upsertExchange(tx, party, {
    id: party,
    organizerId: userId('sam'),
    title: 'Neighbourhood White Elephant',
    description: 'Bring one wrapped gift, steal shamelessly, laugh a lot.',
    gameType: 'white-elephant',
    signUpDate: day(-2),
    exchangeDate: day(10),
    partyTime: '19:00',
    location: 'Sam’s place',
    budgetCurrency: 'USD',
    budgetAmount: 25,
    deliveryType: 'inPerson',
    status: 'drawn',
    drawnAt: day(-1),
    drawVersion: 1,
    joinCode: 'demo-white-elephant',
  });
  const people = ['sam', 'demo', 'kim', 'alex'];
  await tx.exchangeParticipant.createMany({
    data: people.map((key) => ({
      exchangeId: party,
      userId: userId(key),
      status: 'accepted',
      respondedAt: day(-4),
      invitedById: key === 'sam' ? null : userId('sam'),
    })),
  });
  const order = ['kim', 'demo', 'alex', 'sam'];
  await tx.exchangeTurn.createMany({
    data: order.map((key, index) => ({
      exchangeId: party,
      position: index + 1,
      userId: userId(key),
      createdAt: day(-1),
    })),
  });
  await tx.exchangeEvent.createMany({
    data: [
      { exchangeId: party, actorId: userId('sam'), kind: 'created', createdAt: day(-6) },
      {
        exchangeId: party,
        actorId: userId('sam'),
        kind: 'invited',
        details: JSON.stringify({ count: 3 }),
        createdAt: day(-6),
      },
      {
        exchangeId: party,
        actorId: userId('sam'),
        kind: 'turn-order-drawn',
        details: JSON.stringify({ count: 4 }),
        createdAt: day(-1),
      },
    ],
  });
}

/**
 * Alex's book club swap, a week past its date: Dana gave to Sam, who thanked her with a photo of the
 * gift; the gallery shows it to everyone in the exchange (the photo file is drawn by seed.ts).
 */
async function seedBookClub(tx: TTx): Promise<void> {
  const past = DEMO_EXCHANGES.past;
  await upsertExchange(tx, past, {
    id: past,
    organizerId: userId('alex'),
    title: 'Book club holiday swap',
    description: 'One book you loved this year, wrapped, with a note inside.',
    signUpDate: day(-25),
    exchangeDate: day(-7),
    budgetCurrency: 'USD',
    budgetAmount: 20,
    deliveryType: 'inPerson',
    // Past its date, as the hourly scan leaves it (so the scan sends no "say thank you" mail for it).
    status: 'exchanged',
    drawnAt: day(-20),
    drawVersion: 1,
    drawVisibleToOrganizer: false,
    joinCode: 'demo-book-club',
  });
  const chain = ['demo', 'sam', 'kim', 'alex'];
  await tx.exchangeParticipant.createMany({
    data: chain.map((key) => ({
      exchangeId: past,
      userId: userId(key),
      status: 'accepted',
      respondedAt: day(-28),
      invitedById: key === 'alex' ? null : userId('alex'),
    })),
  });
  // The draw: demo→sam→kim→alex→demo.
  await tx.exchangeAssignment.createMany({
    data: chain.map((giver, index) => ({
      exchangeId: past,
      giverId: userId(giver),
      receiverId: userId(chain[(index + 1) % chain.length]!),
      createdAt: day(-20),
    })),
  });
  await tx.exchangeThankYou.create({
    data: {
      id: DEMO_THANK_YOU.id,
      exchangeId: past,
      fromUserId: userId('sam'),
      toUserId: userId('demo'),
      body: 'Thank you, Santa! The illustrated atlas is gorgeous: it already has a place on my coffee table.',
      photoKey: DEMO_THANK_YOU.photoKey,
      createdAt: new Date(day(-6).getTime() + 10 * 3_600_000),
    },
  });
  await tx.exchangeEvent.createMany({
    data: [
      { exchangeId: past, actorId: userId('alex'), kind: 'created', createdAt: day(-30) },
      {
        exchangeId: past,
        actorId: userId('alex'),
        kind: 'drawn',
        details: JSON.stringify({ count: 4 }),
        createdAt: day(-20),
      },
      { exchangeId: past, actorId: null, kind: 'exchanged', createdAt: day(-7) },
      { exchangeId: past, actorId: userId('sam'), kind: 'thanked', createdAt: day(-6) },
    ],
  });
}

/**
 * The demo thank-you's photo, drawn here (no file shipped, nothing fetched): an illustrated atlas on
 * a table, as a PNG put through the same check and re-encoding as every uploaded gallery photo, and
 * written under DATA_DIR/pictures with the key the seeded thank-you names.
 */
export async function writeDemoThankYouPhoto(dataDir: string): Promise<void> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="960" height="640" viewBox="0 0 960 640">
  <defs>
    <linearGradient id="wall" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#f4e3c1"/><stop offset="1" stop-color="#e9c98f"/>
    </linearGradient>
  </defs>
  <rect width="960" height="640" fill="url(#wall)"/>
  <rect y="430" width="960" height="210" fill="#8a5a35"/>
  <rect y="430" width="960" height="14" fill="#6f4627"/>
  <g transform="translate(250 150) rotate(-6)">
    <rect x="0" y="0" width="460" height="300" rx="10" fill="#1f4e79"/>
    <rect x="14" y="12" width="432" height="276" rx="6" fill="#2b6cb0"/>
    <circle cx="230" cy="150" r="96" fill="#9fd3f0"/>
    <path d="M170 110c30-28 70-20 86 6 10 16-8 30 8 44 18 16 40 6 44 30 4 22-28 42-58 40-26-2-30-24-52-26-26-2-44-20-40-44 2-20 0-34 12-50z" fill="#48a868"/>
    <path d="M252 200c16-10 36-6 42 8 4 12-10 20-24 18-14-2-26-16-18-26z" fill="#48a868"/>
    <circle cx="230" cy="150" r="96" fill="none" stroke="#f6e05e" stroke-width="6"/>
    <rect x="0" y="0" width="26" height="300" fill="#173a5c"/>
  </g>
  <g transform="translate(700 330)">
    <rect x="0" y="0" width="120" height="100" rx="8" fill="#c53030"/>
    <rect x="52" y="0" width="16" height="100" fill="#f6e05e"/>
    <path d="M60 0c-30-40-70-20-40 0zM60 0c30-40 70-20 40 0z" fill="#f6e05e"/>
  </g>
  <g transform="translate(110 360)">
    <ellipse cx="50" cy="70" rx="60" ry="10" fill="#6f4627"/>
    <rect x="10" y="0" width="80" height="70" rx="10" fill="#f7fafc"/>
    <path d="M90 18c30 0 30 36 0 36" fill="none" stroke="#f7fafc" stroke-width="10"/>
  </g>
</svg>`;
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  const webp = await reencodePicture(
    { contentType: 'image/png', bytes: png },
    { width: GALLERY_PHOTO_BOX, height: GALLERY_PHOTO_BOX, fit: 'inside' },
  );
  await writePictureFile({ dataDir }, DEMO_THANK_YOU.photoKey, webp);
}
