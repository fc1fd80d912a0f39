/**
 * The one mailer: nodemailer over SMTP (SMTP_URL). In development and tests SMTP_URL points at the
 * local catcher. Every mail is DKIM-signed when the configuration has a key (nodemailer's `dkim`).
 *
 * A policy (deliverability.ts) decides what reaches the wire: an address that bounced, or one that
 * asked for no invitations, or a member who turned this kind of mail off, is skipped; a mail of a
 * kind (`list`) carries List-Unsubscribe headers. A permanent refusal of the recipient (SMTP 5xx) is
 * recorded and the mail counts as handled (retrying cannot help); anything else (4xx, a lost
 * connection) is thrown, so the job queue retries it with back-off.
 */
import nodemailer from 'nodemailer';
import type { TMailList } from './unsubscribe';

export interface TMailAttachment {
  filename: string;
  content: string;
  contentType: string;
}

export interface TMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The kind of mail (notification or invitation) and for whom: its List-Unsubscribe target. */
  list?: TMailList;
  attachments?: TMailAttachment[];
}

export interface TMailPolicy {
  /** Whether this mail may go to its address now (false: skipped without a word). */
  allows(mail: TMail): Promise<boolean>;
  /** Extra headers (List-Unsubscribe) for this mail. */
  headers(mail: TMail): Record<string, string>;
  /** The recipient was refused for good (5xx): remember it, so no further mail goes there. */
  refused(mail: TMail, detail: string): Promise<void>;
}

export interface TMailer {
  /** Resolves 'sent', or 'skipped' (policy) or 'refused' (permanent bounce); throws on temporary failures. */
  send(mail: TMail): Promise<'sent' | 'skipped' | 'refused'>;
  close(): void;
}

export interface TDkim {
  domainName: string;
  keySelector: string;
  privateKey: string;
}

/** SMTP's permanent failures are 5xx replies (RFC 5321 §4.2.1); 4xx are transient. */
export function isPermanentRefusal(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

export function createMailer({
  smtpUrl,
  from,
  dkim = null,
  policy = null,
}: {
  smtpUrl: string;
  from: string;
  dkim?: TDkim | null;
  policy?: TMailPolicy | null;
}): TMailer {
  const transport = nodemailer.createTransport(smtpUrl, dkim ? { dkim } : {});
  return {
    async send(mail) {
      if (policy && !(await policy.allows(mail))) return 'skipped';
      try {
        await transport.sendMail({
          from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          headers: policy?.headers(mail) ?? {},
          attachments: mail.attachments?.map((attachment) => ({ ...attachment })),
        });
        return 'sent';
      } catch (error) {
        if (policy && isPermanentRefusal(error)) {
          const detail = (error as { response?: string }).response ?? (error as Error).message;
          await policy.refused(mail, String(detail).slice(0, 500));
          return 'refused';
        }
        throw error;
      }
    },
    close() {
      transport.close();
    },
  };
}
