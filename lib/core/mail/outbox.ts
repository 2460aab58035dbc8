import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

// Reading the outbox back: the CLI prints it, and tests take links from it. A message is a header block and one body
// (7bit, quoted-printable or base64), or, for the newsletter's mail, multipart/alternative: its text/plain part is
// read.

export interface OutboxMail {
  file: string;
  headers: Record<string, string>;
  text: string;
}

/** The .eml files of the folder, oldest first (their names start with the time they were written). */
export async function outboxFiles(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir))
      .filter((name) => name.endsWith('.eml'))
      .sort()
      .map((name) => path.join(dir, name));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

const decodeQuotedPrintable = (body: string) =>
  Buffer.from(
    body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/** RFC 2047 encoded words in a header (`=?UTF-8?Q?...?=` or `?B?`), as nodemailer writes non-ASCII subjects. */
const decodeWords = (value: string) =>
  value.replace(/=\?utf-8\?([QB])\?([^?]*)\?=\s*/gi, (_, kind: string, text: string) =>
    kind.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : decodeQuotedPrintable(text.replace(/_/g, ' ')),
  );

function splitHead(raw: string) {
  const split = raw.search(/\r?\n\r?\n/);
  const head = split === -1 ? raw : raw.slice(0, split);
  const body = split === -1 ? '' : raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  // Folded header lines continue with whitespace.
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = decodeWords(line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeBody(headers: Record<string, string>, body: string) {
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  return encoding === 'quoted-printable'
    ? decodeQuotedPrintable(body)
    : encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : body;
}

export function parseMail(file: string, raw: string): OutboxMail {
  const { headers, body } = splitHead(raw);
  const boundary = /^multipart\/[\w-]+;.*boundary="?([^";]+)"?/i.exec(headers['content-type'] ?? '')?.[1];
  if (boundary) {
    for (const part of body.split(`--${boundary}`).slice(1)) {
      const inner = splitHead(part.replace(/^\r?\n/, ''));
      if ((inner.headers['content-type'] ?? '').toLowerCase().startsWith('text/plain')) {
        return { file, headers, text: decodeBody(inner.headers, inner.body.replace(/\r?\n$/, '')) };
      }
    }
  }
  return { file, headers, text: decodeBody(headers, body) };
}

/** Every message in the outbox, oldest first. */
export async function readOutbox(dir: string): Promise<OutboxMail[]> {
  const files = await outboxFiles(dir);
  return Promise.all(files.map(async (file) => parseMail(file, await readFile(file, 'utf8'))));
}
