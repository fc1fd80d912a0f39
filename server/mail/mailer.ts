/** The one mailer: nodemailer over SMTP (SMTP_URL). In development and tests SMTP_URL points at the local catcher. */
import nodemailer from 'nodemailer';

export interface TMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface TMailer {
  send(mail: TMail): Promise<void>;
  close(): void;
}

export function createMailer({ smtpUrl, from }: { smtpUrl: string; from: string }): TMailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(mail) {
      await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
    },
    close() {
      transport.close();
    },
  };
}
