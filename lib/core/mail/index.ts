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
  /** Over the mailer's From (the newsletter's sender name): `fromAddress` `named`. */
  from?: string;
  to: string;
  subject: string;
  /** The plain-text part: all a confirmation or notice has, and the newsletter's second part. */
  text: string;
  /** The newsletter's HTML part. */
  html?: string;
  replyTo?: string;
  /** The newsletter's own Message-ID (one per delivery), else nodemailer makes one. */
  messageId?: string;
  headers?: Record<string, string>;
}

/**
 * How a message's sending failed: `permanent` for a 5xx answer (the address does not exist, is refused for good: a
 * bounce); else temporary, to try again later, if nothing can have reached the server (a 4xx answer, a connection
 * that could not be opened, a message refused before it was sent). `mayHaveGone` when none of those: the connection
 * failed once open, and the server may have taken the message before its answer was lost (a dropped connection after
 * the message's last line reports no answer at all), so sending it again could deliver it twice.
 */
export function smtpRefusal(error: unknown): {
  permanent: boolean;
  mayHaveGone: boolean;
  code?: number;
  reason: string;
} {
  const { responseCode, code, response, syscall } = (error ?? {}) as Record<string, unknown>;
  const status = typeof responseCode === 'number' ? responseCode : undefined;
  const reason = (typeof response === 'string' ? response : String(code ?? (error as Error)?.message ?? error)).slice(
    0,
    200,
  );
  // nodemailer's codes: EENVELOPE without an answer is its own refusal of the envelope, EDNS its failed lookup.
  const unsent =
    status !== undefined ||
    syscall === 'connect' ||
    syscall === 'getaddrinfo' ||
    code === 'EENVELOPE' ||
    code === 'EDNS';
  return {
    permanent: status !== undefined && status >= 500 && status < 600,
    mayHaveGone: !unsent,
    code: status,
    reason,
  };
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

/**
 * The From address under another display name (the owner's sender name): `"Name" <address>`. The name is the
 * settings' (no `"`, `<`, `>` or `\\`: lib/settings/validate.ts), so it needs no escaping.
 */
export function named(from: string, name: string): string {
  const address = /<([^<>]+)>\s*$/.exec(from)?.[1] ?? from.trim();
  return `"${name}" <${address}>`;
}

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

/**
 * The newsletter's mailer: the same SMTP server (or outbox), through a pool of connections that sends at most `rate`
 * messages a second (nodemailer's own rate limit; 0: as fast as the server takes them).
 */
export function createBulkMailer(mail: MailConfig, siteUrl: string): Mailer {
  if (!mail.smtpUrl) return createMailer(mail, siteUrl);
  const from = fromAddress(mail, siteUrl);
  const rate = mail.rate ?? 10;
  const smtp = nodemailer.createTransport({
    url: mail.smtpUrl,
    pool: true,
    maxConnections: 3,
    ...(rate > 0 &&
      (rate >= 1
        ? { rateDelta: 1000, rateLimit: Math.round(rate) }
        : { rateDelta: Math.round(1000 / rate), rateLimit: 1 })),
  } as Parameters<typeof nodemailer.createTransport>[0]);
  return {
    async send(message) {
      const info = await smtp.sendMail({ from, ...message });
      return { messageId: info.messageId };
    },
  };
}

/** The site's mailer, one per process. */
export const mailer = () =>
  processSingleton('mailer', () => {
    const c = config();
    return createMailer({ ...c.mail, outboxDir: path.resolve(/*turbopackIgnore: true*/ c.mail.outboxDir) }, c.siteUrl);
  });
