/** The account e-mails: plain text and a simple HTML twin, every value escaped. */
import type { TMail } from './mailer';
import type { TMailList } from './unsubscribe';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function layout(
  title: string,
  paragraphs: string[],
  action?: { label: string; url: string },
  accent = '#c92a2a',
  footerLinks: { label: string; url: string }[] = [],
): string {
  const body = paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('');
  const button = action
    ? `<p><a href="${escapeHtml(action.url)}" style="background:${escapeHtml(accent)};color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p>`
    : '';
  const footer = footerLinks
    .map(
      (link) =>
        `<p style="font-size:12px;color:#868e96"><a href="${escapeHtml(link.url)}" style="color:${escapeHtml(accent)}">${escapeHtml(link.label)}</a></p>`,
    )
    .join('');
  return `<!doctype html><html><body style="font-family:sans-serif;max-width:560px"><h2>${escapeHtml(title)}</h2>${body}${button}${footer}</body></html>`;
}

/** Footer links (unsubscribe, "don't send me invitations") in the plain-text twin. */
function textFooter(links: { label: string; url: string }[] | undefined): string {
  return (links ?? []).map((link) => `\n${link.label}: ${link.url}\n`).join('');
}

export function confirmEmailMail(input: {
  to: string;
  name: string;
  code: string;
  confirmUrl: string;
  expiresMinutes: number;
}): TMail {
  const lines = [
    `Hi ${input.name},`,
    `Your confirmation code is ${input.code}. It expires in ${input.expiresMinutes} minutes.`,
    'If you did not sign up, you can ignore this e-mail.',
  ];
  return {
    to: input.to,
    subject: `${input.code} is your Gifting confirmation code`,
    text: `${lines.join('\n\n')}\n\nOr confirm with this link: ${input.confirmUrl}\n`,
    html: layout('Confirm your e-mail', lines, { label: 'Confirm e-mail', url: input.confirmUrl }),
  };
}

export function resetPasswordMail(input: {
  to: string;
  name: string;
  resetUrl: string;
  expiresMinutes: number;
}): TMail {
  const lines = [
    `Hi ${input.name},`,
    `Someone asked to reset the password of your Gifting account. The link works once and expires in ${input.expiresMinutes} minutes.`,
    'If it was not you, ignore this e-mail: your password stays the same.',
  ];
  return {
    to: input.to,
    subject: 'Reset your Gifting password',
    text: `${lines.join('\n\n')}\n\nReset your password: ${input.resetUrl}\n`,
    html: layout('Reset your password', lines, { label: 'Choose a new password', url: input.resetUrl }),
  };
}

export function changeEmailCodeMail(input: { to: string; name: string; code: string; expiresMinutes: number }): TMail {
  const lines = [
    `Hi ${input.name},`,
    `Enter ${input.code} to make this your Gifting e-mail. The code expires in ${input.expiresMinutes} minutes.`,
    'If you did not ask for this, ignore this e-mail: nothing changes.',
  ];
  return {
    to: input.to,
    subject: `${input.code} confirms your new Gifting e-mail`,
    text: `${lines.join('\n\n')}\n`,
    html: layout('Confirm your new e-mail', lines),
  };
}

export function emailChangedNoticeMail(input: { to: string; name: string; newEmail: string }): TMail {
  const lines = [
    `Hi ${input.name},`,
    `The e-mail of your Gifting account was changed to ${input.newEmail}.`,
    'If this was not you, reset your password from the log-in page and write to help@gifting.test.',
  ];
  return {
    to: input.to,
    subject: 'Your Gifting e-mail was changed',
    text: `${lines.join('\n\n')}\n`,
    html: layout('Your e-mail was changed', lines),
  };
}

/** Footer line of every notification e-mail: where to turn them off (works without signing in). */
function manageLine(manageUrl: string): string {
  return `You get this because price-drop or notification e-mails are on. Manage them: ${manageUrl}`;
}

export function priceDropMail(input: {
  to: string;
  name: string;
  productTitle: string;
  oldPrice: string;
  newPrice: string;
  productUrl: string;
  manageUrl: string;
  /** The kind of mail and for whom: its List-Unsubscribe target (mailer.ts). */
  list?: TMailList;
}): TMail {
  const lines = [
    `Hi ${input.name},`,
    `Good news: ${input.productTitle} dropped from ${input.oldPrice} to ${input.newPrice}.`,
    manageLine(input.manageUrl),
  ];
  return {
    ...(input.list ? { list: input.list } : {}),
    to: input.to,
    subject: `Price drop: ${input.productTitle} is now ${input.newPrice}`,
    text: `${lines.join('\n\n')}\n\nSee it: ${input.productUrl}\n`,
    html: layout('A price dropped', lines, { label: 'See the new price', url: input.productUrl }),
  };
}

export function wishListRequestMail(input: {
  to: string;
  name: string;
  requesterName: string;
  createUrl: string;
  manageUrl: string;
  /** The kind of mail and for whom: its List-Unsubscribe target (mailer.ts). */
  list?: TMailList;
}): TMail {
  const lines = [
    `Hi ${input.name},`,
    `${input.requesterName} would love to know what to get you. Make a wish list so they can find the perfect gift.`,
    manageLine(input.manageUrl),
  ];
  return {
    ...(input.list ? { list: input.list } : {}),
    to: input.to,
    subject: `${input.requesterName} asked for your wish list`,
    text: `${lines.join('\n\n')}\n\nMake your wish list: ${input.createUrl}\n`,
    html: layout('Someone asked for your wish list', lines, { label: 'Make my wish list', url: input.createUrl }),
  };
}

/** To a giver whose gift was marked received: its recipient's side now sees who gave it. */
export function giftReceivedMail(input: {
  to: string;
  name: string;
  ownerName: string;
  /** Who marked it, when not the owner (their family manager). */
  markedByName: string | null;
  wishTitle: string;
  listUrl: string;
  manageUrl: string;
  /** The kind of mail and for whom: its List-Unsubscribe target (mailer.ts). */
  list?: TMailList;
}): TMail {
  const who = input.markedByName ? `${input.markedByName} marked ${input.ownerName}’s` : `${input.ownerName} marked`;
  const lines = [
    `Hi ${input.name},`,
    `${who} “${input.wishTitle}” received. The surprise is out: they can now see that it came from you.`,
    manageLine(input.manageUrl),
  ];
  return {
    ...(input.list ? { list: input.list } : {}),
    to: input.to,
    subject: `${input.ownerName} received “${input.wishTitle}” and knows it came from you`,
    text: `${lines.join('\n\n')}\n\nSee the wish list: ${input.listUrl}\n`,
    html: layout('Your gift was marked received', lines, { label: 'See the wish list', url: input.listUrl }),
  };
}

/**
 * Every gift-exchange e-mail (invitations, draws, reminders, messages, thank-yous) in the exchange's
 * theme: its emoji leads the subject and heading, its colour paints the button.
 */
export function exchangeMail(input: {
  to: string;
  theme: { emoji: string; color: string };
  subject: string;
  heading: string;
  lines: string[];
  action: { label: string; url: string };
  manageUrl?: string;
  /** Under the button: "don't send me invitations" and the like. */
  footerLinks?: { label: string; url: string }[];
  /** The kind of mail and for whom: its List-Unsubscribe target (mailer.ts). */
  list?: TMailList;
}): TMail {
  const lines = input.manageUrl
    ? [...input.lines, `You get this because you take part in a gift exchange. Manage e-mails: ${input.manageUrl}`]
    : input.lines;
  return {
    ...(input.list ? { list: input.list } : {}),
    to: input.to,
    subject: `${input.theme.emoji} ${input.subject}`,
    text: `${lines.join('\n\n')}\n\n${input.action.label}: ${input.action.url}\n${textFooter(input.footerLinks)}`,
    html: layout(`${input.theme.emoji} ${input.heading}`, lines, input.action, input.theme.color, input.footerLinks),
  };
}

/**
 * The social e-mails (group invitations, messages while away, group discussions, new followers):
 * `links` are extra one-click actions (follow back, stop these e-mails) shown under the button.
 */
export function socialMail(input: {
  to: string;
  subject: string;
  heading: string;
  lines: string[];
  action: { label: string; url: string };
  links?: { label: string; url: string }[];
  manageUrl?: string;
  footerLinks?: { label: string; url: string }[];
  /** The kind of mail and for whom: its List-Unsubscribe target (mailer.ts). */
  list?: TMailList;
}): TMail {
  const extra = (input.links ?? []).map((link) => `${link.label}: ${link.url}`);
  const lines = [
    ...input.lines,
    ...extra,
    ...(input.manageUrl ? [`Choose which e-mails you get: ${input.manageUrl}`] : []),
  ];
  return {
    ...(input.list ? { list: input.list } : {}),
    to: input.to,
    subject: input.subject,
    text: `${lines.join('\n\n')}\n\n${input.action.label}: ${input.action.url}\n${textFooter(input.footerLinks)}`,
    html: layout(input.heading, lines, input.action, undefined, input.footerLinks),
  };
}
