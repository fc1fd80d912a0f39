/**
 * A whole gift exchange in Chromium, against the real server, database and SMTP catcher (the
 * issue's acceptance check): a visitor creates it through the generator's light flow (five people
 * typed with e-mails, no exclusion, details, theme, a new account confirmed with the mailed code,
 * the invitations sent, their own wish list); the five invitees open their mailed links, each in a
 * fresh browser of their own (floaters, no password), and accept (some with a note, two with a wish
 * list); the organizer keeps two of them apart on the draw-restrictions page and draws; everyone
 * sees exactly one recipient on the overview, and the draw is a good one (nobody draws themselves,
 * everyone gets someone different, the restriction holds) that no page shows whole; two givers
 * write to their recipients, who read "Your Secret Santa" and reply; /messages/ lists the
 * organizer's conversations and sends a floater to log in; thank-yous wait for the exchange date,
 * then (after the test's clock jump in the database) a recipient thanks their Secret Santa, who
 * reads it with the recipient's name. axe checks every main state.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectAccessible } from '../pages/a11y';
import { Shell } from '../pages/auth-pages';
import {
  expectStep,
  moveExchangeDateIntoPast,
  open,
  openInvitation,
  PASSWORD,
  pickDate,
  recipientShown,
  toastShown,
  typePeople,
  uniqueEmail,
} from '../pages/exchange-pages';
import { confirmationCode, waitForMail } from '../pages/mailbox';
import { VALIDATION_MESSAGES } from '../../../server/contracts/messages';

interface TInvitee {
  name: string;
  email: string;
  /** A note for the organizer with the answer, if any. */
  comment?: string;
  /** The one wish of their exchange wish list, if they make one. */
  wish?: string;
}

interface TPerson {
  name: string;
  page: Page;
  floater: boolean;
}

const email = (label: string) => uniqueEmail('full', label);

const ORGANIZER = { name: 'Orla Organizer', email: email('orla') };
const INVITEES: readonly TInvitee[] = [
  { name: 'Ann Avery', email: email('ann'), comment: 'Count me in!', wish: 'Warm wool socks' },
  { name: 'Ben Brooks', email: email('ben'), wish: 'A crime novel' },
  { name: 'Cat Cruz', email: email('cat'), comment: 'Happy to join, no nuts please.' },
  { name: 'Dev Dunn', email: email('dev') },
  { name: 'Eve Ellis', email: email('eve'), comment: 'Yes!' },
];
// The restriction the organizer sets: Ann may not draw Ben, nor Ben Ann.
const [ANN, BEN] = [INVITEES[0] as TInvitee, INVITEES[1] as TInvitee];

const overviewUrl = (exchangeId: string) => new RegExp(`/gift-exchanges/${exchangeId}/$`);

/** The people row whose name is exactly `name` (restriction and participant lists). */
const personRow = (page: Page, testId: string, name: string): Locator =>
  page.getByTestId(testId).filter({ has: page.getByTestId('person-name').getByText(name, { exact: true }) });

/** How many times `text` occurs in the page's main region. */
async function occurrences(page: Page, text: string): Promise<number> {
  const body = (await page.getByRole('main').innerText()).replaceAll('\n', ' ');
  return body.split(text).length - 1;
}

test.describe.serial('a full gift exchange', () => {
  test('created in the light flow, five floaters invited by e-mail, drawn, messaged and thanked', async ({
    page,
    browser,
    baseURL,
  }) => {
    const base = baseURL ?? '';
    const title = `Family Secret Santa ${randomUUID().slice(0, 4)}`;
    const startedAt = Date.now() - 1000;
    const floaterPages: Page[] = [];

    try {
      // ---- 1. The organizer runs the light flow as a visitor. ----
      let exchangeId = '';
      await test.step('the light flow creates the exchange and sends five invitations', async () => {
        await page.goto('/secret-santa-generator/');
        await expectStep(page, 'Secret Santa generator');
        await expectAccessible(page);
        await page.getByTestId('generator-light-link').click();

        await expect(page).toHaveURL('/secret-santa-generator/light/invite/');
        await expectStep(page, 'Who takes part?', 'Step 1 of 8');
        await typePeople(page, INVITEES);
        await expect(page.getByTestId('person-row')).toHaveCount(5);
        await expectAccessible(page);
        await page.getByTestId('step-next').click();

        // No exclusions in the generator: the restriction comes later, on the exchange's own page.
        await expect(page).toHaveURL('/secret-santa-generator/light/exclusions-prompt/');
        await expectStep(page, 'Should anyone not draw someone?', 'Step 2 of 8');
        await page.getByTestId('exclusions-no').click();

        await expect(page).toHaveURL('/secret-santa-generator/light/details/');
        await expectStep(page, 'The details', 'Step 3 of 8');
        await page.getByTestId('draft-title').fill(title);
        await pickDate(page, 'draft-exchangeDate', 40);
        await pickDate(page, 'draft-signUpDate', 30);
        await page.getByRole('radio', { name: 'Gifts are exchanged in person' }).check();
        await expect(page.getByRole('checkbox', { name: 'I take part in the draw too' })).toBeChecked();
        await expectAccessible(page);
        await page.getByTestId('step-next').click();

        await expect(page).toHaveURL('/secret-santa-generator/light/theme/');
        await expectStep(page, 'Pick a theme', 'Step 4 of 8');
        await page.getByTestId('theme-family').click();
        await expect(page.getByTestId('theme-family')).toHaveAttribute('aria-checked', 'true');
        await expectAccessible(page);
        await page.getByTestId('step-next').click();

        // The account, confirmed with the code from the mailbox: that creates the exchange.
        await expect(page).toHaveURL('/secret-santa-generator/light/register/');
        await expectStep(page, 'Create your free account', 'Step 5 of 8');
        await page.getByTestId('generator-sign-up-name').fill(ORGANIZER.name);
        await page.getByTestId('generator-sign-up-email').fill(ORGANIZER.email);
        await page.getByTestId('generator-sign-up-password').fill(PASSWORD);
        await page.getByTestId('generator-sign-up-submit').click();

        await expect(page).toHaveURL('/secret-santa-generator/light/confirm-code/');
        await new Shell(page).acceptTermsIfShown();
        await expectStep(page, 'Check your e-mail', 'Step 5 of 8');
        await expect(page.getByTestId('generator-code-email')).toHaveText(ORGANIZER.email);
        const code = await confirmationCode(ORGANIZER.email, startedAt);
        await page.getByTestId('generator-code-input').locator('input').first().click();
        await page.keyboard.type(code);

        await expect(page).toHaveURL(/\/secret-santa-generator\/light\/[0-9a-f-]{36}\/participants\/$/);
        exchangeId = /light\/([0-9a-f-]{36})\//.exec(page.url())?.[1] ?? '';
        await expectStep(page, 'Everyone in your exchange', 'Step 6 of 8');
        await expect(page.getByTestId('generator-participants').getByTestId('exchange-person')).toHaveCount(6);
        await expectAccessible(page);
        await page.getByTestId('step-next').click();

        await expect(page).toHaveURL(`/secret-santa-generator/light/${exchangeId}/invite-email/`);
        await expectStep(page, 'Send the invitations', 'Step 7 of 8');
        await expect(page.getByTestId('invite-count')).toHaveText('5 people get this invitation.');
        await page.getByTestId('invite-message').fill('Family draw this year: see you at Gran’s!');
        await page.getByTestId('step-next').click();
        await expect(page.getByTestId('invite-result')).toHaveCount(5);
        for (const invitee of INVITEES)
          await expect(page.getByTestId('invite-result').filter({ hasText: invitee.name })).toHaveAttribute(
            'data-status',
            'invited',
          );
        await expectAccessible(page);
        await page.getByTestId('step-next').click();

        // The organizer draws too: their own wish list for the exchange.
        await expect(page).toHaveURL(`/secret-santa-generator/light/${exchangeId}/wishlist/`);
        await expectStep(page, 'Your wish list', 'Step 8 of 8');
        await page.getByTestId('wish-list-choose').click();
        await expect(page.getByTestId('wish-list-chosen')).toBeVisible();
        await page.getByTestId('exchange-wish-title').fill('A jigsaw puzzle');
        await page.getByTestId('exchange-wish-add').click();
        await expect(page.getByTestId('exchange-wishes-added')).toHaveText('A jigsaw puzzle');
        await page.getByTestId('wish-list-done').click();

        await expect(page).toHaveURL(`/secret-santa-generator/light/${exchangeId}/created/`);
        await expectStep(page, 'Your exchange is ready');
        await expect(page.getByTestId('created-title')).toHaveText(title);
        await expectAccessible(page);
        await page.getByTestId('created-open').click();
        await expect(page).toHaveURL(overviewUrl(exchangeId));
      });

      // ---- 2. The five invitees answer from their e-mail, each in a browser of their own. ----
      const floaters: TPerson[] = [];
      await test.step('each invitee opens the mailed link as a floater and accepts', async () => {
        for (const [index, invitee] of INVITEES.entries()) {
          const guest = await openInvitation(browser, base, invitee.email, startedAt);
          floaterPages.push(guest);
          await expect(guest).toHaveURL(new RegExp(`/gift-exchanges/${exchangeId}/rsvp/$`));
          await expect(guest.getByRole('heading', { level: 1, name: 'Your answer' })).toBeVisible();
          await expect(guest.getByTestId('invitation-title')).toHaveText(title);
          await expect(guest.getByTestId('invitation-organizer')).toContainText(ORGANIZER.name);
          if (index === 0) await expectAccessible(guest);
          if (invitee.comment) await guest.getByTestId('rsvp-comment').fill(invitee.comment);
          // Messages from their Secret Santa are mailed to them too.
          await guest.getByTestId('rsvp-notify-replies').check();
          await expect(guest.getByTestId('rsvp-submit')).toHaveText('Accept the invitation');
          await guest.getByTestId('rsvp-submit').click();

          await expect(guest).toHaveURL(new RegExp(`/gift-exchanges/${exchangeId}/rsvp-acknowledge/$`));
          await expect(guest.getByRole('heading', { level: 1, name: 'You’re in!' })).toBeVisible();
          if (index === 0) await expectAccessible(guest);

          if (invitee.wish) {
            await guest.getByTestId('rsvp-ack-wishlist').click();
            await expect(guest.getByRole('heading', { level: 1, name: 'Your wish list' })).toBeVisible();
            if (index === 0) await expectAccessible(guest);
            await guest.getByTestId('wish-list-choose').click();
            await expect(guest.getByTestId('wish-list-chosen')).toBeVisible();
            await guest.getByTestId('exchange-wish-title').fill(invitee.wish);
            await guest.getByTestId('exchange-wish-add').click();
            await expect(guest.getByTestId('exchange-wishes-added')).toContainText(invitee.wish);
            await guest.getByTestId('wish-list-done').click();
            await expect(guest).toHaveURL(overviewUrl(exchangeId));
            // Before the draw a participant waits for the organizer.
            await expect(guest.getByTestId('exchange-waiting')).toContainText(`${ORGANIZER.name} will draw the names`);
          }
          floaters.push({ name: invitee.name, page: guest, floater: true });
        }
      });
      const organizer: TPerson = { name: ORGANIZER.name, page, floater: false };
      const everyone = [organizer, ...floaters];

      // ---- 3. The organizer restricts the draw and draws. ----
      await test.step('the organizer keeps Ann and Ben apart, then draws the names', async () => {
        await open(page, `/gift-exchanges/${exchangeId}/`);
        await expect(page.getByTestId('exchange-counts')).toContainText('6 people take part, out of 6 people invited');
        // Cat, Dev and Eve have no wish list yet; Ann and Ben do.
        const missing = page.getByTestId('exchange-missing');
        await expect(missing).toContainText('Without a wish list:');
        for (const invitee of INVITEES)
          if (invitee.wish) await expect(missing).not.toContainText(invitee.name);
          else await expect(missing).toContainText(invitee.name);
        await expect(missing).not.toContainText('Not answered yet');
        await expectAccessible(page);

        await open(page, `/gift-exchanges/${exchangeId}/draw-restrictions/`);
        await expect(page.getByRole('heading', { level: 1, name: 'Draw restrictions' })).toBeVisible();
        await expect(page.getByTestId('restriction-row')).toHaveCount(6);
        const annPath =
          (await personRow(page, 'restriction-row', ANN.name).getByTestId('restriction-edit').getAttribute('href')) ??
          '';
        const annId = new RegExp(`^/gift-exchanges/${exchangeId}/draw-restrictions/([0-9a-f-]{36})/$`).exec(
          annPath,
        )?.[1];
        expect(annId, `Ann's restriction page: ${annPath}`).toBeTruthy();
        await expectAccessible(page);

        // The organizer sees Ann's note on her page.
        await open(page, `/gift-exchanges/${exchangeId}/participants/${annId}/`);
        await expect(page.getByRole('heading', { level: 1, name: ANN.name })).toBeVisible();
        await expect(page.getByRole('main')).toContainText(ANN.comment ?? '');
        await expect(page.getByRole('main')).toContainText('Picked for this exchange');

        await open(page, `/gift-exchanges/${exchangeId}/draw-restrictions/${annId}/`);
        await expect(page.getByRole('heading', { level: 1, name: `Who ${ANN.name} may not draw` })).toBeVisible();
        const group = page.getByRole('group', { name: `${ANN.name} may not draw:` });
        await expect(group.getByRole('checkbox')).toHaveCount(5);
        await group.getByRole('checkbox', { name: BEN.name }).check();
        await expect(page.getByRole('switch', { name: 'Both ways' })).toBeChecked();
        await expectAccessible(page);
        await page.getByTestId('restriction-save').click();
        await expect(page).toHaveURL(new RegExp(`/gift-exchanges/${exchangeId}/draw-restrictions/$`));
        await expect(personRow(page, 'restriction-row', ANN.name).getByTestId('restriction-summary')).toHaveText(
          `May not draw ${BEN.name}`,
        );
        await expect(personRow(page, 'restriction-row', BEN.name).getByTestId('restriction-summary')).toHaveText(
          `May not draw ${ANN.name}`,
        );

        await open(page, `/gift-exchanges/${exchangeId}/`);
        await page.getByTestId('exchange-draw').click();
        await page.getByTestId('draw-confirm').click();
        await toastShown(page, 'The names are drawn: 6 people were told who to give to.');
        await expect(page.getByTestId('exchange-header')).toContainText('Names drawn');
        // Everyone is told by e-mail.
        for (const invitee of INVITEES)
          await waitForMail(invitee.email, new RegExp(`Names are drawn for ${title}$`), {
            after: startedAt,
            timeoutMs: 60_000,
          });
      });

      // ---- 4. Everyone sees their own recipient, and only theirs. ----
      const recipientOf = new Map<string, string>();
      await test.step('each person sees exactly one recipient, and the draw is a good one', async () => {
        for (const person of everyone) {
          await open(person.page, `/gift-exchanges/${exchangeId}/`);
          const recipient = await recipientShown(person.page);
          recipientOf.set(person.name, recipient);
          // Nothing on the page names anyone else's pairing, and there is no table of the draw.
          expect(await occurrences(person.page, 'Secret Santa for'), `pairings on ${person.name}'s page`).toBe(1);
          await expect(person.page.getByTestId('view-draw-table')).toHaveCount(0);
          await expect(person.page.getByTestId('exchange-view-draw')).toHaveCount(0);
          await expect(person.page.getByTestId('conversation-santa')).toContainText('Message your Secret Santa');
          // Everyone in the draw is told who may see it (decided when the names were drawn).
          await expect(person.page.getByTestId('exchange-draw-visibility')).toHaveText(
            'The organizer cannot see who drew whom.',
          );
          if (person.floater) await expect(person.page.getByTestId('exchange-manager-drawn')).toHaveCount(0);
          else await expect(person.page.getByTestId('exchange-draw-secret')).toBeVisible();
        }
        await expectAccessible(organizer.page);
        await expectAccessible(floaters[0]?.page as Page);

        const names = everyone.map((person) => person.name);
        for (const [giver, recipient] of recipientOf) {
          expect(names, `${giver} drew someone in the exchange`).toContain(recipient);
          expect(recipient, `${giver} did not draw themselves`).not.toBe(giver);
        }
        expect(new Set(recipientOf.values()).size, 'six different recipients').toBe(6);
        expect(recipientOf.get(ANN.name), 'Ann may not draw Ben').not.toBe(BEN.name);
        expect(recipientOf.get(BEN.name), 'Ben may not draw Ann').not.toBe(ANN.name);

        // The whole draw stays secret: from the organizer (the privacy setting is off by default)
        // and from a participant.
        for (const person of [organizer, floaters[2] as TPerson]) {
          await open(person.page, `/gift-exchanges/${exchangeId}/view-draw/`);
          await expect(person.page).toHaveURL(new RegExp(`/gift-exchanges/legacy/${exchangeId}/view-draw/$`));
          await expect(
            person.page.getByText('The privacy settings keep the draw secret, even from the organizer'),
          ).toBeVisible();
          await expect(person.page.getByTestId('view-draw-table')).toHaveCount(0);
          await expect(person.page.getByTestId('view-draw-pair')).toHaveCount(0);
        }
        await expectAccessible(organizer.page);
      });

      const byName = (name: string): TPerson => {
        const person = everyone.find((candidate) => candidate.name === name);
        if (!person) throw new Error(`Nobody called ${name}`);
        return person;
      };

      /** `giver` writes to their recipient, who reads "Your Secret Santa" and replies. */
      async function converse(giver: TPerson, hello: string, reply: string): Promise<TPerson> {
        const recipient = byName(recipientOf.get(giver.name) ?? '');
        const mailedAfter = Date.now() - 1000;

        await open(giver.page, `/gift-exchanges/${exchangeId}/`);
        const outbox = giver.page.getByTestId('conversation-recipient');
        await expect(outbox.getByRole('heading', { name: 'Message your recipient' })).toBeVisible();
        await expect(outbox.getByTestId('conversation-empty')).toHaveText(`No messages with ${recipient.name} yet.`);
        // The box checks its message when first sent (its schema loads then): an empty one is refused.
        await giver.page.getByTestId('conversation-recipient-send').click();
        await expect(giver.page.getByLabel(`Your message to ${recipient.name}`)).toHaveAccessibleDescription(
          VALIDATION_MESSAGES.required,
        );
        await expect(outbox.getByTestId('conversation-empty')).toBeVisible();
        await giver.page.getByLabel(`Your message to ${recipient.name}`).fill(hello);
        // A double click sends once.
        await giver.page.getByTestId('conversation-recipient-send').dblclick();
        await expect(outbox.getByTestId('conversation-message')).toHaveCount(1);
        await expect(outbox.getByTestId('conversation-message')).toHaveAttribute('data-mine', 'true');
        await expect(outbox.getByTestId('conversation-body')).toHaveText(hello);
        await expect(giver.page.getByTestId('conversation-recipient-input')).toHaveValue('');

        // A floater recipient asked for mail: it comes from "Your Secret Santa" too.
        if (recipient.floater) {
          const to = INVITEES.find((invitee) => invitee.name === recipient.name)?.email ?? '';
          const mail = await waitForMail(to, /Your Secret Santa wrote to you$/, {
            after: mailedAfter,
            timeoutMs: 60_000,
          });
          expect(mail.text).not.toContain(giver.name);
        }

        await open(recipient.page, `/gift-exchanges/${exchangeId}/`);
        const inbox = recipient.page.getByTestId('conversation-santa');
        const received = inbox.getByTestId('conversation-message');
        await expect(received).toHaveCount(1);
        await expect(received).toHaveAttribute('data-mine', 'false');
        await expect(received.getByTestId('conversation-author')).toHaveText('Your Secret Santa');
        await expect(received.getByTestId('conversation-body')).toHaveText(hello);
        await expect(inbox).not.toContainText(giver.name);
        // Nowhere on the recipient's page either, unless the recipient happens to give to them.
        if (recipientOf.get(recipient.name) !== giver.name)
          await expect(recipient.page.getByRole('main')).not.toContainText(giver.name);
        await expectAccessible(recipient.page);
        await recipient.page.getByLabel('Your message to your Secret Santa').fill(reply);
        await recipient.page.getByTestId('conversation-santa-send').click();
        await expect(inbox.getByTestId('conversation-message')).toHaveCount(2);
        await expect(inbox.getByTestId('conversation-message').nth(1)).toHaveAttribute('data-mine', 'true');
        await expect(inbox.getByTestId('conversation-author').nth(1)).toHaveText('You');
        await expect(inbox.getByTestId('conversation-body').nth(1)).toHaveText(reply);

        // The giver reads the reply, signed with the recipient's name.
        await giver.page.reload();
        await new Shell(giver.page).acceptTermsIfShown();
        const thread = giver.page.getByTestId('conversation-recipient').getByTestId('conversation-message');
        await expect(thread).toHaveCount(2);
        await expect(thread.nth(1)).toHaveAttribute('data-mine', 'false');
        await expect(thread.nth(1).getByTestId('conversation-author')).toHaveText(recipient.name);
        await expect(thread.nth(1).getByTestId('conversation-body')).toHaveText(reply);
        await expectAccessible(giver.page);
        return recipient;
      }

      // ---- 5. Messages both ways, anonymously. ----
      let organizersRecipient = organizer;
      await test.step('givers and recipients write to each other, the giver staying "Your Secret Santa"', async () => {
        organizersRecipient = await converse(
          organizer,
          'Hi! Any favourite colours or sizes I should know about?',
          'Blue, always blue. Medium, thanks Santa!',
        );
        // And between two floaters: the first one who does not give to the organizer.
        const giver = floaters.find((person) => recipientOf.get(person.name) !== ORGANIZER.name) as TPerson;
        await converse(giver, 'Do you like board games?', 'Love them, especially cooperative ones.');

        // /messages/ lists the organizer's conversations, the giver still anonymous.
        await open(page, '/messages/');
        await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
        const list = page.getByTestId('conversation-list');
        // Each row is named by what it shows (WCAG 2.5.3): the name, who they are to you, the exchange.
        const mine = list.getByRole('link', { name: `${organizersRecipient.name} The person you drew · ${title}` });
        await expect(mine).toBeVisible();
        await expect(mine).toContainText('The person you drew');
        await expect(mine).toContainText('Blue, always blue.');
        await expect(
          list.getByRole('link', { name: new RegExp(`^Your Secret Santa The person who drew you · ${title}`) }),
        ).toBeVisible();
        await expectAccessible(page);
        await mine.click();
        await expect(page).toHaveURL(overviewUrl(exchangeId));

        // A floater has no full sign-in: /messages/ asks them to log in.
        const floater = floaters[3]?.page as Page;
        await floater.goto('/messages/');
        await expect(floater).toHaveURL(/\/a\/log-in\/\?returnurl=%2Fmessages%2F$/);
        await expect(floater.getByTestId('log-in-form')).toBeVisible();
      });

      // ---- 6. Thank-yous after the exchange date. ----
      await test.step('thank-yous wait for the exchange date, then reach the Secret Santa', async () => {
        await open(page, `/gift-exchanges/${exchangeId}/thank-yous/`);
        await expect(page.getByRole('heading', { level: 1, name: 'Thank-yous' })).toBeVisible();
        await expect(page.getByTestId('thank-you-not-yet')).toContainText('Thank-yous open on the exchange date');
        await expect(page.getByTestId('thank-you-form')).toHaveCount(0);
        await expectAccessible(page);

        // The test's clock jump: the exchange date moves two days into the past in the database.
        await moveExchangeDateIntoPast(exchangeId);

        // The organizer's recipient thanks their Secret Santa (the organizer, still unnamed).
        const thanker = organizersRecipient;
        const thanks = 'Thank you, Santa: the blue scarf is perfect!';
        await open(thanker.page, `/gift-exchanges/${exchangeId}/`);
        await thanker.page.getByRole('link', { name: 'Thank your Secret Santa' }).click();
        await expect(thanker.page).toHaveURL(new RegExp(`/gift-exchanges/${exchangeId}/thank-yous/$`));
        await expect(thanker.page.getByTestId('thank-you-form')).toBeVisible();
        await expectAccessible(thanker.page);
        await thanker.page.getByTestId('thank-you-body').fill(thanks);
        await thanker.page.getByTestId('thank-you-send').click();
        await toastShown(thanker.page, 'Your thank-you is on its way to your Secret Santa');
        const sent = thanker.page.getByTestId('thank-yous-sent').getByTestId('thank-you-item');
        await expect(sent).toHaveCount(1);
        await expect(sent).toContainText('To Your Secret Santa');
        await expect(sent).toContainText(thanks);
        await expect(thanker.page.getByTestId('thank-you-not-yet')).toContainText('You have thanked your Secret Santa');
        await expect(thanker.page.getByTestId('thank-you-form')).toHaveCount(0);
        await expect(thanker.page.getByRole('main')).not.toContainText(ORGANIZER.name);
        await expectAccessible(thanker.page);

        // The organizer, their giver, reads it with the recipient's name.
        await page.reload();
        await new Shell(page).acceptTermsIfShown();
        const received = page.getByTestId('thank-yous-received').getByTestId('thank-you-item');
        await expect(received).toHaveCount(1);
        await expect(received).toContainText(`From ${thanker.name}`);
        await expect(received).toContainText(thanks);
        // The date has come for the organizer too: they may thank their own Secret Santa.
        await expect(page.getByTestId('thank-you-form')).toBeVisible();
        await expectAccessible(page);
      });
    } finally {
      for (const guest of floaterPages) await guest.context().close();
    }
  });
});
