import path from 'node:path';
import { readConfig } from '@/lib/core/config';
import { readOutbox } from '@/lib/core/mail/outbox';
import { UsageError } from './errors';

// `npm run blog -- outbox [--last N]`: the mail the site wrote to its outbox folder (MAIL_OUTBOX, default
// DATA_DIR/outbox) when no SMTP_URL is set, oldest first: each message's headers that matter and its text.

export const OUTBOX_USAGE = `Mail (without SMTP_URL the site writes .eml files to MAIL_OUTBOX, default <DATA_DIR>/outbox):
  outbox [--last N]     print the messages, oldest first (the last N only)`;

export interface OutboxIo {
  env: Record<string, string | undefined>;
  out: (line: string) => void;
}

export async function runOutbox(argv: string[], io: OutboxIo): Promise<number> {
  let last: number | undefined;
  if (argv.length === 2 && argv[0] === '--last' && /^\d{1,4}$/.test(argv[1]!)) last = Number(argv[1]);
  else if (argv.length > 0) throw new UsageError(`outbox takes only --last N (got ${argv.join(' ')})`);
  const dir = path.resolve(readConfig({ DATA_DIR: io.env.DATA_DIR, MAIL_OUTBOX: io.env.MAIL_OUTBOX }).mail.outboxDir);
  const all = await readOutbox(dir);
  const shown = last === undefined ? all : all.slice(Math.max(0, all.length - last));
  if (all.length === 0) io.out(`No mail in ${dir}.`);
  for (const mail of shown) {
    io.out(`── ${path.basename(mail.file)}`);
    for (const name of ['date', 'from', 'to', 'subject']) {
      if (mail.headers[name]) io.out(`${name[0]!.toUpperCase()}${name.slice(1)}: ${mail.headers[name]}`);
    }
    io.out('');
    io.out(mail.text.trimEnd());
    io.out('');
  }
  return 0;
}
