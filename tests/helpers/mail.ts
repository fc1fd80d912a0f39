/** The worker's mail catcher (a real SMTP server; tests read the real messages). */
import type { TCaughtMail, TMailCatcher } from '../../scripts/lib/mail-catcher';

export function mailCatcher(): TMailCatcher {
  const catcher = (globalThis as { __mailCatcher?: TMailCatcher }).__mailCatcher;
  if (!catcher) throw new Error('No mail catcher: is this an *.integration.test.ts file?');
  return catcher;
}

export function waitForMail(to: string, subject: RegExp, timeoutMs = 10_000): Promise<TCaughtMail> {
  return mailCatcher().waitFor((mail) => mail.to.includes(to.toLowerCase()) && subject.test(mail.subject), timeoutMs);
}

export function codeFrom(mail: TCaughtMail): string {
  const match = /\b(\d{6})\b/.exec(mail.subject) ?? /\b(\d{6})\b/.exec(mail.text);
  if (!match?.[1]) throw new Error(`No six-digit code in: ${mail.subject}`);
  return match[1];
}

export function linkFrom(mail: TCaughtMail, pathPart: string): string {
  const match = new RegExp(`https?://[^\\s"<>]*${pathPart.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[^\\s"<>]*`).exec(
    mail.text,
  );
  if (!match) throw new Error(`No ${pathPart} link in mail: ${mail.text}`);
  return match[0];
}
