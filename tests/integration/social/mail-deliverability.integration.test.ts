/**
 * Mail that reaches the inbox (issue 29), read from the real SMTP catcher: List-Unsubscribe and
 * one-click (RFC 8058) driven as a mailbox provider does, the "don't send me invitations"
 * suppression list, DKIM verified with a real verifier (mailauth), permanent refusals (5xx) seen
 * by the organizer and temporary ones (4xx) retried by the job queue, and the exchange's date as
 * an .ics attachment and download that does not move with the time zone.
 */
import { generateKeyPairSync } from 'node:crypto';
import ICAL from 'ical.js';
import { simpleParser } from 'mailparser';
import { dkimVerify } from 'mailauth/lib/dkim/verify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TVerifiedIdentity } from '../../../server/auth/tokens';
import { JOB_HANDLERS } from '../../../server/jobs/registry';
import { enqueueJob, runJobNow } from '../../../server/jobs/queue';
import { DRAWN_MAIL_JOB, sendDrawnMail } from '../../../server/services/exchanges/draw-exchange';
import { exchangeIcs } from '../../../server/services/exchanges/calendar';
import { createMember, identityFor } from '../../factories/identities';
import { callerFor } from '../../helpers/caller';
import { testDb } from '../../helpers/db';
import { mailCatcher, waitForMail } from '../../helpers/mail';
import { startTestServer, testDeps, type TTestServer } from '../../helpers/server';

const deps = testDeps();
let server: TTestServer;
beforeAll(async () => {
  server = await startTestServer();
});

const unique = () => crypto.randomUUID().slice(0, 8);
const inDays = (days: number): string => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function organizer(): Promise<{ id: string; identity: TVerifiedIdentity; caller: ReturnType<typeof callerFor> }> {
  const created = await createMember(testDb());
  const identity = await identityFor(deps, created.id);
  return { id: created.id, identity, caller: callerFor(identity, deps) };
}

/** Runs the queued invitation mail of `email` in `exchangeId` as a worker would; true when it succeeded. */
async function runInviteJob(exchangeId: string, email: string): Promise<boolean> {
  const user = await testDb().user.findFirstOrThrow({ where: { email }, orderBy: { createdAt: 'desc' } });
  const job = await testDb().job.findFirstOrThrow({
    where: { kind: 'exchanges:invite-mail', payload: { contains: `"userId":"${user.id}"` }, status: 'queued' },
    orderBy: { id: 'desc' },
  });
  expect(job.payload).toContain(exchangeId);
  return runJobNow(deps, { uniqueKey: job.uniqueKey!, handlers: JOB_HANDLERS });
}

async function participantRow(caller: ReturnType<typeof callerFor>, exchangeId: string, email: string) {
  const page = await caller.exchanges.participants({ exchangeId, limit: 50, offset: 0 });
  const row = page.items.find((item) => item.email === email);
  if (!row) throw new Error(`no participant ${email}`);
  return row;
}

/** A header of the raw mail as sent (unfolded); mailparser reshapes List-* headers. */
function headerOf(raw: string, name: string): string | null {
  const head = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const line = head.split(/\r?\n/).find((entry) => entry.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line ? line.slice(name.length + 1).trim() : null;
}

/** The List-Unsubscribe https address of a raw mail, for the server under test. */
function unsubscribeTarget(raw: string): { path: string; mailto: string } {
  const value = headerOf(raw, 'List-Unsubscribe') ?? '';
  const https = /<(https?:\/\/[^>]+)>/.exec(value)?.[1];
  const mailto = /<(mailto:[^>]+)>/.exec(value)?.[1];
  if (!https || !mailto) throw new Error(`List-Unsubscribe without both addresses: ${value}`);
  const url = new URL(https);
  return { path: `${url.pathname}${url.search}`, mailto };
}

/** The one-click POST exactly as RFC 8058 has mailbox providers send it: no cookie, no token. */
function oneClick(path: string): Promise<Response> {
  return fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'List-Unsubscribe=One-Click',
    redirect: 'manual',
  });
}

describe('unsubscribing from invitations (non-members)', () => {
  it('carries List-Unsubscribe, one-click puts the address on the suppression list, and the organizer sees it', async () => {
    const boss = await organizer();
    const email = `no-invites-${unique()}@example.com`;
    const { exchangeId } = await boss.caller.exchanges.create({
      title: 'Office swap',
      exchangeDate: inDays(20),
      participants: [{ name: 'Nia', email }],
    });
    expect(await runInviteJob(exchangeId, email)).toBe(true);
    const mail = await waitForMail(email, /invited you to Office swap/);
    expect(headerOf(mail.raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const target = unsubscribeTarget(mail.raw);
    expect(target.mailto).toMatch(/^mailto:unsubscribe@gifting\.test\?subject=/);
    // Plain text and HTML alike, both with the "don't send me invitations" link.
    expect(mail.text).toContain("Don't send me invitations: http://127.0.0.1/v1/email/unsubscribe?");
    expect(mail.html).toContain('Don&#39;t send me invitations</a>');

    // A forged signature changes nothing; a GET (a link scanner) shows a page and changes nothing.
    const forged = await oneClick(target.path.replace(/sig=[^&]+/, 'sig=AAAA'));
    expect(forged.status).toBe(400);
    const page = await fetch(`${server.baseUrl}${target.path}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('method="post"');
    expect((await participantRow(boss.caller, exchangeId, email)).deliveryProblem).toBeNull();

    const response = await oneClick(target.path);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('You are unsubscribed');
    expect((await participantRow(boss.caller, exchangeId, email)).deliveryProblem).toBe('no-invitations');

    // A later invitation from someone else is not sent; that organizer sees why.
    const other = await organizer();
    const second = await other.caller.exchanges.create({
      title: 'Book club swap',
      exchangeDate: inDays(25),
      participants: [{ name: 'Nia', email }],
    });
    const before = mailCatcher().messages.length;
    expect(await runInviteJob(second.exchangeId, email)).toBe(true);
    expect(
      mailCatcher()
        .messages.slice(before)
        .some((caught) => caught.to.includes(email)),
    ).toBe(false);
    expect((await participantRow(other.caller, second.exchangeId, email)).deliveryProblem).toBe('no-invitations');
  });
});

describe('unsubscribing from notifications (members)', () => {
  it('one-click turns off exactly that kind of mail for exactly that member', async () => {
    const boss = await organizer();
    const member = await createMember(testDb());
    const { exchangeId } = await boss.caller.exchanges.create({ title: 'Team swap', exchangeDate: inDays(10) });
    await sendDrawnMail(deps, { exchangeId, userId: member.id, redraw: false });
    const mail = await waitForMail(member.email, /Names are drawn for Team swap/);
    expect(headerOf(mail.raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const { path } = unsubscribeTarget(mail.raw);
    expect((await oneClick(path)).status).toBe(200);
    const settings = await testDb().userSettings.findUniqueOrThrow({ where: { userId: member.id } });
    expect(settings.subscribeNotifcations).toBe(false);
    expect(settings.subscribePriceDropNotifications).toBe(true);
    // The organizer's settings are untouched, and the next mail of that kind is not sent.
    const bossSettings = await testDb().userSettings.findUnique({ where: { userId: boss.id } });
    expect(bossSettings?.subscribeNotifcations ?? true).toBe(true);
    const before = mailCatcher().messages.length;
    await sendDrawnMail(deps, { exchangeId, userId: member.id, redraw: true });
    expect(
      mailCatcher()
        .messages.slice(before)
        .some((caught) => caught.to.includes(member.email)),
    ).toBe(false);
  });
});

describe('DKIM', () => {
  it('signs every mail when configured, and a real verifier passes it with the published key', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const signing = testDeps({
      DKIM_DOMAIN: 'gifting.test',
      DKIM_SELECTOR: 'mail2026',
      DKIM_PRIVATE_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString().replace(/\n/g, '\\n'),
    });
    const to = `dkim-${unique()}@example.com`;
    await signing.mailer.send({ to, subject: 'Signed hello', text: 'Hello', html: '<p>Hello</p>' });
    const mail = await waitForMail(to, /Signed hello/);
    expect(mail.raw).toMatch(/^DKIM-Signature: /m);
    const published = publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
    const lookups: string[] = [];
    const resolver = async (name: string, type: string) => {
      lookups.push(`${type} ${name}`);
      if (name === 'mail2026._domainkey.gifting.test' && type === 'TXT') return [[`v=DKIM1; k=rsa; p=${published}`]];
      throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
    };
    const result = await dkimVerify(Buffer.from(mail.raw), { resolver });
    expect(lookups).toContain('TXT mail2026._domainkey.gifting.test');
    expect(result.results.map((entry) => entry.status.result)).toEqual(['pass']);
    expect(result.results[0]?.signingDomain).toBe('gifting.test');

    // The same mail altered in transit does not pass: a signed header changed fails outright.
    const tampered = mail.raw.replace('Subject: Signed hello', 'Subject: Signed hullo');
    expect(tampered).not.toBe(mail.raw);
    const broken = await dkimVerify(Buffer.from(tampered), { resolver });
    expect(broken.results[0]?.status.result).toBe('fail');
    const body = await dkimVerify(Buffer.from(mail.raw.replace('<p>Hello</p>', '<p>Hullo</p>')), { resolver });
    expect(body.results[0]?.status.result).not.toBe('pass');
    await signing.dispose();
  });

  it('leaves mail unsigned without a key', async () => {
    const to = `unsigned-${unique()}@example.com`;
    await deps.mailer.send({ to, subject: 'Unsigned hello', text: 'Hello', html: '<p>Hello</p>' });
    expect((await waitForMail(to, /Unsigned hello/)).raw).not.toMatch(/^DKIM-Signature: /m);
  });
});

describe('bounces', () => {
  it('a permanent refusal marks the address, stops mail to it, shows the organizer, and a corrected address works', async () => {
    const boss = await organizer();
    const email = `typo-${unique()}@example.com`;
    mailCatcher().refuse(email, 550);
    const { exchangeId } = await boss.caller.exchanges.create({
      title: 'Cousins swap',
      exchangeDate: inDays(30),
      participants: [{ name: 'Ola', email }],
    });
    // Handled for good: the job is done (no retry can help), the address is marked.
    expect(await runInviteJob(exchangeId, email)).toBe(true);
    expect(mailCatcher().refusals.filter((refusal) => refusal.address === email)).toHaveLength(1);
    const row = await participantRow(boss.caller, exchangeId, email);
    expect(row.deliveryProblem).toBe('bounced');
    const suppression = await testDb().emailSuppression.findFirstOrThrow({ where: { emailCanonical: email } });
    expect(suppression.detail).toMatch(/550|user unknown/);

    // Further mail is not even tried.
    await sendDrawnMail(deps, { exchangeId, userId: row.person.userId, redraw: false });
    expect(mailCatcher().refusals.filter((refusal) => refusal.address === email)).toHaveLength(1);

    // Others do not see it; the organizer corrects it by replacing the person.
    const fixed = `fixed-${unique()}@example.com`;
    await boss.caller.exchanges.replaceParticipant({
      exchangeId,
      userId: row.person.userId,
      replacement: { name: 'Ola', email: fixed },
    });
    expect(await runInviteJob(exchangeId, fixed)).toBe(true);
    await waitForMail(fixed, /invited you to Cousins swap/);
    expect((await participantRow(boss.caller, exchangeId, fixed)).deliveryProblem).toBeNull();
  });

  it('a temporary failure (4xx) stays queued with back-off and goes out on the retry', async () => {
    const boss = await organizer();
    const email = `busy-${unique()}@example.com`;
    mailCatcher().refuse(email, 451);
    const { exchangeId } = await boss.caller.exchanges.create({
      title: 'Neighbours swap',
      exchangeDate: inDays(30),
      participants: [{ name: 'Pim', email }],
    });
    const started = Date.now();
    expect(await runInviteJob(exchangeId, email)).toBe(false);
    const user = await testDb().user.findFirstOrThrow({ where: { email } });
    const job = await testDb().job.findFirstOrThrow({
      where: { kind: 'exchanges:invite-mail', payload: { contains: user.id } },
    });
    expect(job.status).toBe('queued');
    expect(job.attempts).toBe(1);
    expect(job.runAt.getTime()).toBeGreaterThan(started);
    expect(job.lastError).toMatch(/451/);
    expect(await testDb().emailSuppression.count({ where: { emailCanonical: email } })).toBe(0);
    expect((await participantRow(boss.caller, exchangeId, email)).deliveryProblem).toBeNull();

    mailCatcher().refuse(email, null);
    await testDb().job.update({ where: { id: job.id }, data: { runAt: new Date() } });
    expect(await runJobNow(deps, { uniqueKey: job.uniqueKey!, handlers: JOB_HANDLERS })).toBe(true);
    await waitForMail(email, /invited you to Neighbours swap/);
  });

  it('a mail job run again after a failed send tells the person in the app once, not once per try', async () => {
    const boss = await organizer();
    const member = await createMember(testDb());
    const { exchangeId } = await boss.caller.exchanges.create({ title: 'Retry swap', exchangeDate: inDays(12) });
    mailCatcher().refuse(member.email, 451);
    const uniqueKey = `${DRAWN_MAIL_JOB}:test:${unique()}`;
    await enqueueJob(testDb(), {
      kind: DRAWN_MAIL_JOB,
      payload: { exchangeId, userId: member.id, redraw: false },
      uniqueKey,
    });
    const drawnNotices = () =>
      testDb().notification.count({ where: { userId: member.id, payload: { contains: exchangeId } } });

    for (let attempt = 0; attempt < 2; attempt += 1) {
      expect(await runJobNow(deps, { uniqueKey, handlers: JOB_HANDLERS })).toBe(false);
      await testDb().job.updateMany({ where: { uniqueKey }, data: { runAt: new Date() } });
    }
    mailCatcher().refuse(member.email, null);
    expect(await runJobNow(deps, { uniqueKey, handlers: JOB_HANDLERS })).toBe(true);
    await waitForMail(member.email, /Names are drawn for Retry swap/);
    expect(await drawnNotices()).toBe(1);

    // Another job (a redraw) is another notification.
    await sendDrawnMail(deps, { exchangeId, userId: member.id, redraw: true });
    expect(await drawnNotices()).toBe(2);
  });
});

describe('calendars', () => {
  it('the "names are drawn" and "you\'re in" mails carry the exchange date and place as .ics', async () => {
    const boss = await organizer();
    const email = `cal-${unique()}@example.com`;
    const { exchangeId } = await boss.caller.exchanges.create({
      title: 'Winter party',
      exchangeDate: '2026-12-24',
      location: 'Town hall',
      partyTime: '19:30',
      participants: [{ name: 'Rae', email }],
      participantsConfirmed: true,
    });
    expect(await runInviteJob(exchangeId, email)).toBe(true);
    const inMail = await simpleParser((await waitForMail(email, /Winter party/)).raw);
    const user = await testDb().user.findFirstOrThrow({ where: { email } });
    await sendDrawnMail(deps, { exchangeId, userId: user.id, redraw: false });
    const drawnMail = await simpleParser((await waitForMail(email, /Names are drawn for Winter party/)).raw);
    for (const parsed of [inMail, drawnMail]) {
      expect(parsed.text).toBeTruthy();
      expect(parsed.html).toBeTruthy();
      const attachment = parsed.attachments.find((entry) => entry.filename === 'gift-exchange.ics');
      expect(attachment?.contentType).toBe('text/calendar');
      const event = new ICAL.Event(
        new ICAL.Component(ICAL.parse(attachment!.content.toString('utf8'))).getFirstSubcomponent('vevent')!,
      );
      expect(event.summary).toBe('Winter party');
      expect(event.location).toBe('Town hall');
      // A floating local time: 19:30 on the 24th wherever it is opened.
      expect(event.startDate.toString()).toBe('2026-12-24T19:30:00');
      expect(event.startDate.zone?.tzid).toBe('floating');
    }
  });

  it('an all-day exchange stays on its day in every time zone', () => {
    const exchange = {
      id: crypto.randomUUID(),
      title: 'New year swap',
      description: null,
      exchangeDate: new Date('2026-12-31T00:00:00.000Z'),
      partyTime: null,
      location: null,
    };
    const original = process.env.TZ;
    const starts: string[] = [];
    try {
      for (const zone of ['Pacific/Kiritimati', 'America/Los_Angeles', 'Pacific/Pago_Pago', 'UTC']) {
        process.env.TZ = zone;
        const ics = exchangeIcs({ publicUrl: 'https://gifting.test' }, exchange);
        starts.push(/^DTSTART[^\r\n]*/m.exec(ics)?.[0] ?? '');
        expect(/^DTEND[^\r\n]*/m.exec(ics)?.[0]).toBe('DTEND;VALUE=DATE:20270101');
      }
    } finally {
      process.env.TZ = original;
    }
    expect(new Set(starts)).toEqual(new Set(['DTSTART;VALUE=DATE:20261231']));
  });

  it('"Add to calendar": a signed .ics download for people in the exchange and a Google Calendar link', async () => {
    const boss = await organizer();
    const { exchangeId } = await boss.caller.exchanges.create({
      title: 'Cal swap',
      exchangeDate: '2027-01-06',
      location: 'The park',
    });
    const links = await boss.caller.exchanges.calendarLinks({ exchangeId });
    const google = new URL(links.googleUrl);
    expect(google.host).toBe('calendar.google.com');
    expect(google.searchParams.get('dates')).toBe('20270106/20270107');
    expect(google.searchParams.get('location')).toBe('The park');
    const ics = new URL(links.icsUrl);
    const download = await fetch(`${server.baseUrl}${ics.pathname}${ics.search}`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toMatch(/^text\/calendar/);
    expect(download.headers.get('content-disposition')).toContain('gift-exchange.ics');
    expect(await download.text()).toContain('DTSTART;VALUE=DATE:20270106');
    const forged = await fetch(`${server.baseUrl}${ics.pathname}${ics.search.replace(/sig=[^&]+/, 'sig=AAAA')}`);
    expect(forged.status).toBe(404);
    // An outsider may not fetch the links.
    const stranger = await organizer();
    await expect(stranger.caller.exchanges.calendarLinks({ exchangeId })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('group invitations', () => {
  it('a refused invitation address shows "bounced" to the group owner, and one-click suppression shows too', async () => {
    const owner = await organizer();
    const { groupId } = await owner.caller.groups.create({ name: `Bounce club ${unique()}` });
    const typo = `group-typo-${unique()}@example.com`;
    const shy = `group-shy-${unique()}@example.com`;
    mailCatcher().refuse(typo, 550);
    await owner.caller.groups.inviteEmails({ groupId, emails: [typo, shy] });
    for (const email of [typo, shy]) {
      const job = await testDb().job.findFirstOrThrow({
        where: { kind: 'groups:invite-mail', payload: { contains: email } },
      });
      expect(await runJobNow(deps, { uniqueKey: job.uniqueKey!, handlers: JOB_HANDLERS })).toBe(true);
    }
    const mail = await waitForMail(shy, /invited you to the group/);
    expect(headerOf(mail.raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect((await oneClick(unsubscribeTarget(mail.raw).path)).status).toBe(200);
    const rows = await owner.caller.groups.emailInvitations({ groupId });
    expect(rows.find((row) => row.email === typo)?.deliveryProblem).toBe('bounced');
    expect(rows.find((row) => row.email === shy)?.deliveryProblem).toBe('no-invitations');
  });
});
