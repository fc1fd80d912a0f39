/**
 * A local SMTP server that catches every message (development and tests): kept in memory and, when
 * a folder is given, written there as .eml files so another process (Playwright) can read them.
 *
 * It can refuse recipients as a real server would, to test bounces: `refuse(address, code)` at run
 * time (5xx permanent, 4xx temporary), and `refusePattern` for another process's tests: any
 * recipient whose local part starts with `bounce-` gets 550, with `tempfail-` 451.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface TCaughtMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  raw: string;
  receivedAt: Date;
}

export interface TMailCatcher {
  url: string;
  port: number;
  messages: TCaughtMail[];
  waitFor(predicate: (mail: TCaughtMail) => boolean, timeoutMs?: number): Promise<TCaughtMail>;
  /** Refuses this recipient from now on with `code` (550 by default; 4xx for a temporary failure); null accepts it again. */
  refuse(address: string, code?: number | null): void;
  /** Recipients refused so far (address and code), oldest first. */
  refusals: { address: string; code: number }[];
  close(): Promise<void>;
}

/** The refusal code of an address under the `bounce-` / `tempfail-` convention, if any. */
export function patternRefusal(address: string): number | null {
  const local = address.toLowerCase().split('@')[0] ?? '';
  if (local.startsWith('bounce-')) return 550;
  if (local.startsWith('tempfail-')) return 451;
  return null;
}

export function toCaughtMail(parsed: ParsedMail, raw: string): TCaughtMail {
  const addresses = (Array.isArray(parsed.to) ? parsed.to : parsed.to ? [parsed.to] : []).flatMap((group) =>
    group.value.map((address) => (address.address ?? '').toLowerCase()),
  );
  return {
    to: addresses,
    subject: parsed.subject ?? '',
    text: parsed.text ?? '',
    html: typeof parsed.html === 'string' ? parsed.html : '',
    raw,
    receivedAt: new Date(),
  };
}

export async function startMailCatcher(
  options: { port?: number; host?: string; dir?: string; refusePattern?: boolean } = {},
): Promise<TMailCatcher> {
  const messages: TCaughtMail[] = [];
  const refused = new Map<string, number>();
  const refusals: { address: string; code: number }[] = [];
  const waiters = new Set<() => void>();
  if (options.dir) mkdirSync(options.dir, { recursive: true });
  let sequence = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const recipient = address.address.toLowerCase();
      const code = refused.get(recipient) ?? (options.refusePattern ? patternRefusal(recipient) : null);
      if (!code) return callback();
      refusals.push({ address: recipient, code });
      const error = new Error(
        code >= 500
          ? `${recipient}: mailbox unavailable (user unknown)`
          : `${recipient}: mailbox busy, try again later`,
      ) as Error & { responseCode: number };
      error.responseCode = code;
      return callback(error);
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        simpleParser(raw).then(
          (parsed) => {
            messages.push(toCaughtMail(parsed, raw));
            if (options.dir) {
              sequence += 1;
              const name = `${Date.now()}-${process.pid}-${sequence}.eml`;
              // The folder may have been swept meanwhile (Playwright clears its output folder): a
              // lost folder must not take the server down with an uncaught error.
              mkdirSync(options.dir, { recursive: true });
              writeFileSync(path.join(options.dir, name), raw);
            }
            for (const wake of waiters) wake();
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://${host}:${port}`,
    port,
    messages,
    refusals,
    refuse(address, code = 550) {
      if (code === null) refused.delete(address.toLowerCase());
      else refused.set(address.toLowerCase(), code);
    },
    waitFor(predicate, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = (): boolean => {
          const found = [...messages].reverse().find(predicate);
          if (!found) return false;
          clearTimeout(timer);
          waiters.delete(wake);
          resolve(found);
          return true;
        };
        const wake = (): void => {
          check();
        };
        const timer = setTimeout(() => {
          waiters.delete(wake);
          reject(new Error('No matching e-mail arrived in time'));
        }, timeoutMs);
        waiters.add(wake);
        check();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
