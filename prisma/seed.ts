/**
 * Demo data for `npm start` and `npm run db:seed`: markets, the shop catalogue (gift guides, merchants,
 * products and prices: prisma/seed-catalogue.ts), demo members and their people data (birthdays,
 * privacy, addresses, follows, a block, a family with two children), and their social life: groups,
 * chat, notifications, activity and reminders (prisma/seed-social.ts).
 * Idempotent: rows are upserted by fixed ids (the catalogue's merchants and products are written
 * afresh), so running it twice gives the same data.
 */
import { hashPassword } from '../server/auth/passwords';
import { ROLES } from '../server/contracts/roles';
import type { TDb } from '../server/db/client';
import { TERMS_VERSION } from '../server/services/users/terms-of-service';
import { seedAdmin } from './seed-admin';
import { seedCatalogue } from './seed-catalogue';
import { seedId } from './seed-ids';
import { seedExchanges, writeDemoThankYouPhoto } from './seed-exchanges';
import { seedSocial } from './seed-social';
import { seedWishLists } from './seed-wish-lists';

export { seedId };

export const DEMO_LOGIN = { email: 'demo@gifting.test', password: 'demo-password' } as const;
/** A support admin for trying impersonation (and the desktop console). */
export const DEMO_SUPPORT_LOGIN = { email: 'support@gifting.test', password: 'demo-password' } as const;

const MARKETS = [
  { countryCode: 'US', country: 'USA', currency: 'USD', locale: 'en-US', sortOrder: 0, isDefault: true },
  { countryCode: 'CA', country: 'Canada', currency: 'CAD', locale: 'en-CA', sortOrder: 1, isDefault: false },
  { countryCode: 'GB', country: 'UK', currency: 'GBP', locale: 'en-GB', sortOrder: 2, isDefault: false },
];

export const DEMO_USERS = [
  { key: 'demo', firstName: 'Dana', lastName: 'Demo', username: 'dana', email: DEMO_LOGIN.email },
  { key: 'sam', firstName: 'Sam', lastName: 'Rivera', username: 'samr', email: 'sam@gifting.test' },
  { key: 'kim', firstName: 'Kim', lastName: 'Lee', username: 'kimlee', email: 'kim@gifting.test' },
  // Alex also edits the shop's guides and featured shops (merchandiser).
  {
    key: 'alex',
    firstName: 'Alex',
    lastName: 'Nguyen',
    username: 'alexn',
    email: 'alex@gifting.test',
    roles: [ROLES.merchandiser],
  },
  {
    key: 'support',
    firstName: 'Sky',
    lastName: 'Support',
    username: 'support',
    email: DEMO_SUPPORT_LOGIN.email,
    roles: [ROLES.supportAdmin],
  },
  { key: 'jo', firstName: 'Jo', lastName: 'Park', username: 'jopark', email: 'jo@gifting.test' },
  { key: 'riley', firstName: 'Riley', lastName: 'Stone', username: 'rileys', email: 'riley@gifting.test' },
] as { key: string; firstName: string; lastName: string; username: string; email: string; roles?: string[] }[];

/** People data for the demo members: birthdays, privacy, addresses, who follows whom, a block, a family. */
const DEMO_PEOPLE = {
  birthdays: { demo: [12, 3], sam: [4, 18], kim: [1, 9], alex: [7, 22], jo: [11, 30] } as Record<
    string,
    [number, number]
  >,
  /** Public profiles (everyone else keeps the default: private). */
  publicProfiles: ['sam', 'alex'],
  addresses: {
    demo: { address1: '12 Holly Lane', city: 'Portland', state: 'OR', postalCode: '97201', country: 'US' },
    sam: { address1: '5 Maple Street', city: 'Toronto', state: 'ON', postalCode: 'M5V 2T6', country: 'CA' },
  } as Record<string, { address1: string; city: string; state: string; postalCode: string; country: string }>,
  wishingMarkets: { demo: 'US', sam: 'CA' } as Record<string, string>,
  /** [follower, followed]: Dana follows Sam and Kim; Sam and Kim follow Dana back; Kim follows Alex and Jo. */
  follows: [
    ['demo', 'sam'],
    ['demo', 'kim'],
    ['sam', 'demo'],
    ['kim', 'demo'],
    ['kim', 'alex'],
    ['kim', 'jo'],
    ['sam', 'alex'],
    ['alex', 'sam'],
  ] as [string, string][],
  /** [blocker, blocked] */
  blocks: [['demo', 'riley']] as [string, string][],
  /** Dana manages two child accounts. */
  children: [
    { key: 'child:mia', firstName: 'Mia', lastName: 'Demo', birthday: [6, 14] },
    { key: 'child:leo', firstName: 'Leo', lastName: 'Demo', birthday: [9, 2] },
  ],
  contacts: [{ name: 'Grandma Rose', email: 'rose@example.test' }],
};

const CONTENT: {
  componentName: string;
  title: string;
  sections: { heading?: string; body: string; cta?: { label: string; href: string } }[];
}[] = [
  {
    componentName: 'landing',
    title: 'Wish lists and gift exchanges that just work',
    sections: [
      {
        body: 'Keep one wish list for every occasion, draw names for Secret Santa in seconds, and never buy the same gift twice.',
        cta: { label: 'Start a gift exchange', href: '/secret-santa-generator/' },
      },
    ],
  },
  {
    componentName: 'home',
    title: 'Welcome back',
    sections: [{ body: 'Here is what is happening with your lists, exchanges and groups.' }],
  },
  {
    componentName: 'welcome',
    title: 'Welcome to Gifting',
    sections: [
      {
        heading: 'Make a wish list',
        body: 'Add anything from any shop, then share one link with the people who ask what you want.',
      },
      {
        heading: 'Draw names',
        body: 'Invite your group, set who must not draw whom, and let everyone see only their own match.',
      },
    ],
  },
  {
    componentName: 'splash',
    title: 'Gifting',
    sections: [{ body: 'The easiest way to give the right gift.' }],
  },
  {
    componentName: 'browser-buttons',
    title: 'Add to your wish list from any shop',
    sections: [
      {
        body: 'Drag the Gift It button to your bookmarks bar, then click it on any product page to save the item to your list.',
      },
    ],
  },
  {
    componentName: 'contact-us',
    title: 'Contact us',
    sections: [
      {
        body: 'Questions, ideas or trouble with an exchange? Write to help@gifting.test and a person will answer within a day.',
      },
      { heading: 'Support hours', body: 'Monday to Friday, 9:00 to 17:00 Eastern; every day in December.' },
    ],
  },
];

const FEATURES = [
  {
    name: 'landing-hero-copy',
    tag: 'growth',
    description: 'Which hero line converts better on the landing page',
    variants: [
      { name: 'control', weight: 50 },
      { name: 'playful', weight: 50 },
    ],
  },
  {
    name: 'one-tap-prompt',
    tag: 'auth',
    description: 'Show the one-tap social sign-in prompt',
    variants: [
      { name: 'off', weight: 20 },
      { name: 'on', weight: 80 },
    ],
  },
];

export interface TSeedResult {
  markets: number;
  giftGuides: number;
  merchants: number;
  products: number;
  users: number;
}

/**
 * `dataDir` is where the server keeps pictures (DATA_DIR): the demo thank-you's gallery photo is
 * written there.
 */
export async function seedDemoData(db: TDb, options: { dataDir?: string } = {}): Promise<TSeedResult> {
  let catalogue = { giftGuides: 0, merchants: 0, products: 0 };
  // Every demo member logs in with the same demo password (hashed once, outside the transaction).
  const passwordHash = await hashPassword(DEMO_LOGIN.password);
  await db.$transaction(
    async (tx) => {
      for (const market of MARKETS) {
        await tx.market.upsert({ where: { countryCode: market.countryCode }, create: market, update: market });
      }
      // Gift guides, merchants, products and price history (prisma/seed-catalogue.ts).
      catalogue = await seedCatalogue(tx);
      for (const user of DEMO_USERS) {
        const id = seedId(`user:${user.key}`);
        const data = {
          email: user.email,
          registeredEmail: user.email,
          username: user.username,
          firstName: user.firstName,
          lastName: user.lastName,
          name: `${user.firstName} ${user.lastName}`,
        };
        await tx.user.upsert({ where: { id }, create: { id, ...data, emailConfirmedAt: new Date() }, update: data });
        await tx.userCredential.upsert({ where: { userId: id }, create: { userId: id, passwordHash }, update: {} });
        // Established members accepted the current terms long ago: the terms dialog is for new members
        // and new terms (its browser tests sign up fresh members), not a greeting on every demo start.
        await tx.termsAcceptance.upsert({
          where: { userId: id },
          create: { userId: id, version: TERMS_VERSION },
          update: { version: TERMS_VERSION },
        });
        for (const role of user.roles ?? []) {
          await tx.userRole.upsert({
            where: { userId_role: { userId: id, role } },
            create: { userId: id, role },
            update: {},
          });
        }
      }
      await seedPeople(tx);
      await seedWishLists(tx);
      await seedExchanges(tx);
      // Groups, chat, notifications, activity, a birthday soon and reminders (prisma/seed-social.ts).
      await seedSocial(tx);
      // Staff of each support role, an account pair to merge, a flagged answer, an audit trail.
      await seedAdmin(tx, passwordHash);
      for (const content of CONTENT) {
        const data = { title: content.title, body: JSON.stringify({ sections: content.sections }) };
        await tx.contentBlock.upsert({
          where: { section_componentName: { section: 'screens', componentName: content.componentName } },
          create: { section: 'screens', componentName: content.componentName, ...data },
          update: data,
        });
      }
      for (const feature of FEATURES) {
        const data = { tag: feature.tag, description: feature.description, variants: JSON.stringify(feature.variants) };
        await tx.feature.upsert({
          where: { name: feature.name },
          create: { name: feature.name, ...data },
          update: data,
        });
      }
    },
    // Hundreds of statements one after another: seconds on a quiet machine, but a busy one (three
    // test servers seeding at once beside other work) has taken more than 30 s.
    { timeout: 180_000, maxWait: 30_000 },
  );
  await writeDemoThankYouPhoto(options.dataDir ?? process.env.DATA_DIR ?? '.data');
  return { markets: MARKETS.length, ...catalogue, users: DEMO_USERS.length };
}

type TTx = Parameters<Parameters<TDb['$transaction']>[0]>[0];

async function seedPeople(tx: TTx): Promise<void> {
  const userId = (key: string): string => seedId(`user:${key}`);
  for (const [key, [month, day]] of Object.entries(DEMO_PEOPLE.birthdays)) {
    await tx.user.update({ where: { id: userId(key) }, data: { birthdayMonth: month, birthdayDay: day } });
  }
  for (const child of DEMO_PEOPLE.children) {
    const id = seedId(`user:${child.key}`);
    const data = {
      firstName: child.firstName,
      lastName: child.lastName,
      name: `${child.firstName} ${child.lastName}`,
      birthdayMonth: child.birthday[0],
      birthdayDay: child.birthday[1],
    };
    await tx.user.upsert({ where: { id }, create: { id, ...data }, update: data });
    await tx.parentAccount.upsert({
      where: { childId_parentId: { childId: id, parentId: userId('demo') } },
      create: { childId: id, parentId: userId('demo') },
      update: {},
    });
  }
  const everyone = [...DEMO_USERS.map((user) => user.key), ...DEMO_PEOPLE.children.map((child) => child.key)];
  for (const key of everyone) {
    const id = userId(key);
    const isPrivate = !DEMO_PEOPLE.publicProfiles.includes(key);
    await tx.userSettings.upsert({
      where: { userId: id },
      create: { userId: id, emailGuid: seedId(`email-guid:${key}`), isPrivate },
      update: { isPrivate },
    });
  }
  for (const [key, address] of Object.entries(DEMO_PEOPLE.addresses)) {
    await tx.mailingAddress.upsert({
      where: { userId: userId(key) },
      create: { userId: userId(key), ...address },
      update: address,
    });
  }
  for (const [key, market] of Object.entries(DEMO_PEOPLE.wishingMarkets)) {
    const where = { userId_preferenceSet: { userId: userId(key), preferenceSet: 'wishing' } };
    await tx.userPreference.upsert({
      where,
      create: { userId: userId(key), preferenceSet: 'wishing', market },
      update: { market },
    });
  }
  await tx.follow.createMany({
    data: DEMO_PEOPLE.follows.map(([follower, followed]) => ({
      followerId: userId(follower),
      followedId: userId(followed),
    })),
    skipDuplicates: true,
  });
  await tx.block.createMany({
    data: DEMO_PEOPLE.blocks.map(([blocker, blocked]) => ({ blockerId: userId(blocker), blockedId: userId(blocked) })),
    skipDuplicates: true,
  });
  for (const contact of DEMO_PEOPLE.contacts) {
    await tx.addressBookContact.upsert({
      where: { ownerId_email: { ownerId: userId('demo'), email: contact.email } },
      create: { id: seedId(`contact:demo:${contact.email}`), ownerId: userId('demo'), ...contact },
      update: { name: contact.name },
    });
  }
}

/** True when the database holds no members yet (npm start seeds only then). */
export async function isDatabaseEmpty(db: TDb): Promise<boolean> {
  return (await db.user.count()) === 0;
}
