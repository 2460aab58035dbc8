import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { config, type MailConfig } from '@/lib/core/config';
import { processSingleton } from '@/lib/core/process-singleton';
import { SITE_NAME } from '@/lib/core/site';

// Outgoing mail, through nodemailer: SMTP when SMTP_URL is set; otherwise each message is written, whole, as an .eml
// file in the outbox folder (git-ignored under DATA_DIR), which `npm run blog -- outbox` prints. Offline, the outbox is
// the mailbox: the browser tests read their confirmation links from it.

export interface Mail {
  to: string;
  subject: string;
  /** Plain text only: what a confirmation or notice needs, read the same by every client. */
  text: string;
  headers?: Record<string, string>;
}

export interface Sent {
  messageId: string;
  /** The .eml file written, when there is no SMTP server. */
  file?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<Sent>;
}

/** The From address: MAIL_FROM, or the site's name at newsletter@ the site's host. */
export const fromAddress = (mail: MailConfig, siteUrl: string) =>
  mail.from ?? `"${SITE_NAME}" <newsletter@${new URL(siteUrl).hostname}>`;

export function createMailer(mail: MailConfig, siteUrl: string): Mailer {
  const from = fromAddress(mail, siteUrl);
  if (mail.smtpUrl) {
    const smtp = nodemailer.createTransport(mail.smtpUrl);
    return {
      async send(message) {
        const info = await smtp.sendMail({ from, ...message });
        return { messageId: info.messageId };
      },
    };
  }
  const outbox = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await outbox.sendMail({ from, ...message });
      await mkdir(mail.outboxDir, { recursive: true, mode: 0o700 });
      // Named by time, so the folder lists in the order the mail went out; written whole, then renamed into place.
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      const file = path.join(mail.outboxDir, name);
      await writeFile(`${file}.tmp`, info.message as Buffer, { mode: 0o600 });
      await rename(`${file}.tmp`, file);
      return { messageId: info.messageId, file };
    },
  };
}

/** The site's mailer, one per process. */
export const mailer = () =>
  processSingleton('mailer', () => {
    const c = config();
    return createMailer({ ...c.mail, outboxDir: path.resolve(/*turbopackIgnore: true*/ c.mail.outboxDir) }, c.siteUrl);
  });
