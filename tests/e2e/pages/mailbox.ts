/**
 * The e2e mail catcher's folder (test-results/e2e-mail, one .eml per message, written by
 * tests/e2e/serve.ts): waits for the newest message to an address and reads it with mailparser.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { e2eServerPort } from './server-port';

/** The mail folder of the server the running test talks to (tests/e2e/serve.ts names it by its port). */
export function mailDir(): string {
  return path.resolve(import.meta.dirname, `../../../test-results/e2e-mail-${e2eServerPort()}`);
}

export interface TMail {
  to: string[];
  subject: string;
  text: string;
  file: string;
  receivedAt: number;
}

async function readAll(): Promise<TMail[]> {
  const dir = mailDir();
  let names: string[];
  try {
    names = (await readdir(dir)).filter((name) => name.endsWith('.eml'));
  } catch {
    return [];
  }
  const mails = await Promise.all(
    names.map(async (name) => {
      const file = path.join(dir, name);
      const [raw, info] = await Promise.all([readFile(file), stat(file)]);
      const parsed = await simpleParser(raw);
      const groups = Array.isArray(parsed.to) ? parsed.to : parsed.to ? [parsed.to] : [];
      return {
        to: groups.flatMap((group) => group.value.map((address) => (address.address ?? '').toLowerCase())),
        subject: parsed.subject ?? '',
        text: parsed.text ?? '',
        file: name,
        // File names start with the catch time in ms; the sequence breaks ties.
        receivedAt: Number(name.split('-')[0]) || info.mtimeMs,
      };
    }),
  );
  return mails.sort((a, b) => a.receivedAt - b.receivedAt || a.file.localeCompare(b.file, 'en', { numeric: true }));
}

/** The newest message to `to` whose subject matches, received at or after `after` (ms); waits up to 15 s. */
export async function waitForMail(
  to: string,
  subject: RegExp,
  options: { after?: number; timeoutMs?: number } = {},
): Promise<TMail> {
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  const address = to.toLowerCase();
  for (;;) {
    const matching = (await readAll()).filter(
      (mail) => mail.to.includes(address) && subject.test(mail.subject) && mail.receivedAt >= (options.after ?? 0),
    );
    const newest = matching.at(-1);
    if (newest) return newest;
    if (Date.now() > deadline) throw new Error(`No mail to ${to} matching ${String(subject)} arrived`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The six-digit code of the newest confirmation e-mail. */
export async function confirmationCode(to: string, after?: number): Promise<string> {
  const mail = await waitForMail(to, /is your Gifting confirmation code/, { after });
  const code = /\b(\d{6})\b/.exec(mail.subject)?.[1];
  if (!code) throw new Error(`No code in "${mail.subject}"`);
  return code;
}

/** The reset link of the newest password-reset e-mail. */
export async function resetLink(to: string, after?: number): Promise<string> {
  const mail = await waitForMail(to, /Reset your Gifting password/, { after });
  const link = /(https?:\/\/\S+\/auth\/reset-password\/\?token=\S+)/.exec(mail.text)?.[1];
  if (!link) throw new Error('No reset link in the e-mail');
  return link;
}
