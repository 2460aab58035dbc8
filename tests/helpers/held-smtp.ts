import { EventEmitter, once } from 'node:events';
import { SMTPServer } from 'smtp-server';
import { headersOf } from '@/scripts/mail/test-smtp';

// A real SMTP server on loopback that can hold each message: it reads the whole message but does not answer its DATA
// until the test lets it go, so a sender waiting on the mail stays waiting, for as long as the test wants, with no
// timer. What it took is told by events, not by polling: a test awaits the moment a message is held or arrives.

export interface HeldMail {
  to: string[];
  headers: Map<string, string>;
  raw: string;
}

export interface HeldSmtp {
  url: string;
  /** Messages answered 250 (taken), in order. */
  received: HeldMail[];
  /** Messages read whole and waiting for their answer. */
  held: HeldMail[];
  /** Whether DATA is held (true at the start). */
  holding: boolean;
  /** Resolves once a message to `address` is held (at once if one is). */
  heldFor(address: string): Promise<HeldMail>;
  /** Resolves once a message `taken` accepts is taken (at once if one was). */
  receivedWhere(taken: (mail: HeldMail) => boolean): Promise<HeldMail>;
  /** Resolves once a message to `address` (and with `subject`, when given) is taken (at once if one was). */
  receivedFor(address: string, subject?: string): Promise<HeldMail>;
  /** Answers every held message 250, and stops holding. */
  release(): void;
  close(): Promise<void>;
}

export async function startHeldSmtp(): Promise<HeldSmtp> {
  const events = new EventEmitter();
  const waiting: { mail: HeldMail; answer: () => void }[] = [];
  const smtp: HeldSmtp = {
    url: '',
    received: [],
    held: [],
    holding: true,
    async heldFor(address) {
      for (;;) {
        const mail = smtp.held.find((m) => m.to.includes(address));
        if (mail) return mail;
        await once(events, 'held');
      }
    },
    async receivedWhere(taken) {
      for (;;) {
        const mail = smtp.received.find(taken);
        if (mail) return mail;
        await once(events, 'received');
      }
    },
    receivedFor: (address, subject) =>
      smtp.receivedWhere(
        (m) => m.to.includes(address) && (subject === undefined || m.headers.get('subject') === subject),
      ),
    release() {
      smtp.holding = false;
      for (const { answer } of waiting.splice(0)) answer();
      smtp.held.splice(0);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const take = (mail: HeldMail, callback: () => void) => () => {
    smtp.received.push(mail);
    callback();
    events.emit('received');
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    closeTimeout: 100,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const mail = { to: session.envelope.rcptTo.map((r) => r.address), headers: headersOf(raw), raw };
        const answer = take(mail, () => callback());
        if (!smtp.holding) return answer();
        waiting.push({ mail, answer });
        smtp.held.push(mail);
        events.emit('held');
      });
    },
  });
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  smtp.url = `smtp://127.0.0.1:${(server.server.address() as { port: number }).port}`;
  return smtp;
}

/** A plain-text message's body, its quoted-printable undone (soft line breaks, `=XX` bytes). */
export function textOf(mail: HeldMail): string {
  const body = mail.raw.slice(mail.raw.search(/\r?\n\r?\n/)).trim();
  if (!/quoted-printable/i.test(mail.headers.get('content-transfer-encoding') ?? '')) return body;
  return Buffer.from(
    body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
}

/** The confirmation link (path and query) in a message. */
export const confirmLinkIn = (mail: HeldMail) =>
  /https?:\/\/[^/\s]+(\/newsletter\/confirm\?\S+)/.exec(textOf(mail))![1]!;
