import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Post } from '@/lib/blog/types';
import { createBulkMailer } from '@/lib/core/mail';
import { createDataClient, createEmbeddedBackend, subscribers } from '@/lib/data/tools';
import { OWNER } from '@/lib/data/types';
import {
  announce,
  newsletterClaims,
  newsletterDeliveries,
  newsletterSends,
  newsletterSettings,
  sendPost,
  subscriberId,
} from '@/lib/newsletter/tools';
import { startTestSmtp } from '@/scripts/mail/test-smtp';
import { fmtInt, row, type Row } from './support/table';

// Figure 11, newsletter delivery: a post mailed to N confirmed subscribers (2,000 with --quick, else 10,000) on the
// embedded database, into a real SMTP server on loopback at no rate limit, through the site's own sending code (the
// send, the deliveries, React Email's render per message, nodemailer's pooled SMTP). Reported: messages a second, the
// time to the first message, and whether every subscriber got exactly one.

const GROUP = '11';
const EVERY_BLOCK = 'content/posts/e7fbb678-1b40-4697-a2c3-297ba53af4b3.json';

export async function benchNewsletter(count: number, log: (line: string) => void = console.log): Promise<Row[]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-newsletter-'));
  const smtp = await startTestSmtp();
  const client = createDataClient({
    backend: createEmbeddedBackend(dir),
    collections: [subscribers, newsletterSends, newsletterDeliveries, newsletterClaims, newsletterSettings],
  });
  try {
    const post = Post.parse({
      ...JSON.parse(readFileSync(EVERY_BLOCK, 'utf8')),
      firstPublishedDate: new Date().toISOString(),
    });
    for (let start = 0; start < count; start += 1000) {
      const items = Array.from({ length: Math.min(1000, count - start) }, (_, i) => {
        const email = `reader${start + i}@example.com`;
        return { _id: subscriberId(email), email, status: 'confirmed', week: '2026-W48' };
      });
      await client.bulkInsert('subscribers', items, OWNER);
    }
    const sending = {
      subscribers: client,
      records: client,
      mailer: createBulkMailer({ smtpUrl: smtp.url, from: undefined, outboxDir: dir, rate: 0 }, 'https://blog.example'),
      siteUrl: 'https://blog.example',
      key: Buffer.alloc(32, 7),
      post: async () => post,
      log: () => {},
    };
    const started = performance.now();
    await announce(sending, post.id, async () => {});
    let firstMs: number | null = null;
    const watch = setInterval(() => {
      if (firstMs === null && smtp.received.length > 0) firstMs = performance.now() - started;
    }, 5);
    await sendPost(sending, post.id);
    clearInterval(watch);
    const seconds = (performance.now() - started) / 1000;
    const recipients = smtp.received.flatMap((mail) => mail.to);
    const once = recipients.length === count && new Set(recipients).size === count;
    const rate = count / seconds;
    log(
      `  ${fmtInt(count)} subscribers: ${fmtInt(smtp.received.length)} messages in ${seconds.toFixed(1)} s ` +
        `(${rate.toFixed(0)} messages/s), first after ${firstMs === null ? '?' : (firstMs / 1000).toFixed(2)} s; ` +
        `${once ? 'each subscriber exactly once' : 'NOT each subscriber once'}`,
    );
    return [
      row(
        GROUP,
        `newsletter delivery, ${fmtInt(count)} subscribers, no rate limit (SMTP on loopback)`,
        'every subscriber once; rate reported',
        `${rate.toFixed(0)} messages/s; first after ${firstMs === null ? '?' : (firstMs / 1000).toFixed(2)} s; ` +
          `${fmtInt(smtp.received.length)} messages, ${once ? 'each once' : 'not each once'}`,
        once,
      ),
    ];
  } finally {
    await client.close();
    await smtp.close();
    await rm(dir, { recursive: true, force: true });
  }
}
