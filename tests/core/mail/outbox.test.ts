import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { createMailer, fromAddress } from '@/lib/core/mail';
import { readOutbox } from '@/lib/core/mail/outbox';

const dir = mkdtempSync(path.join(tmpdir(), 'outbox-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('writes each message whole to the outbox without SMTP, and reads it back as it was sent', async () => {
  const mailer = createMailer({ smtpUrl: undefined, from: undefined, outboxDir: dir }, 'https://blog.example');
  const link = `https://blog.example/newsletter/confirm?s=${'a'.repeat(32)}&t=${'b'.repeat(30)}`;
  const first = await mailer.send({ to: 'ada@example.com', subject: 'Bestätigen Sie — bitte', text: `Open ${link}\n` });
  const second = await mailer.send({ to: 'bo@example.com', subject: 'Second', text: 'Ünïcode body '.repeat(20) });
  expect(statSync(first.file!).mode & 0o777).toBe(0o600);
  const mails = await readOutbox(dir);
  expect(mails.map((m) => m.file)).toEqual([first.file, second.file]);
  expect(mails[0]!.headers).toMatchObject({
    to: 'ada@example.com',
    from: 'The Render Path <newsletter@blog.example>',
    subject: 'Bestätigen Sie — bitte',
  });
  expect(mails[0]!.text).toContain(link);
  expect(mails[1]!.text.trim()).toBe('Ünïcode body '.repeat(20).trim());
});

it('takes MAIL_FROM as set', () => {
  expect(fromAddress({ smtpUrl: undefined, from: 'Ed <ed@example.org>', outboxDir: dir }, 'http://x.test')).toBe(
    'Ed <ed@example.org>',
  );
});

it('reads an empty or missing outbox as no mail', async () => {
  expect(await readOutbox(path.join(dir, 'nowhere'))).toEqual([]);
});

it('prints the outbox with `npm run blog -- outbox`, the last N with --last', async () => {
  const { main } = await import('@/scripts/blog/cli');
  const printed = async (...argv: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const io = { env: { MAIL_OUTBOX: dir }, fetch, out: (l: string) => out.push(l), err: (l: string) => err.push(l) };
    return { code: await main(['outbox', ...argv], io), out: out.join('\n'), err: err.join('\n') };
  };
  const all = await printed();
  expect(all.code).toBe(0);
  expect(all.out).toMatch(/To: ada@example\.com\nSubject: Bestätigen Sie — bitte\n\nOpen https:\/\/blog\.example\//);
  const last = await printed('--last', '1');
  expect(last.out).not.toContain('ada@example.com');
  expect(last.out).toContain('To: bo@example.com');
  expect((await printed('--everything')).code).toBe(2);
});
