import { Body } from '@react-email/body';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Text } from '@react-email/text';
import { render } from '@react-email/render';
import type PgBoss from 'pg-boss';
import { isCatalogueError } from '@/lib/core/errors';
import type { Mailer } from '@/lib/core/mail';
import { linkMac, linkMacHolds } from '@/lib/core/security/signed-token';
import { SITE_NAME } from '@/lib/core/site';
import { type DataClient, ensureQueue, OWNER_ONLY, workOnce } from '@/lib/data';
import { OWNER, defineCollection } from '@/lib/data/types';
import type { CommentModeration } from './types';

// The owner's daily digest of comments waiting for approval (off until the owner gives an address on the dashboard's
// Comments page). A schedule on the site's queue (pg-boss: one job a day whichever instances run) mails it once a day,
// and only when something waits; a record per day keeps it to one mail even if the job runs twice. The mail carries
// RFC 8058's pair: one click turns the digest off (through the newsletter's unsubscribe route, `?d=`).

export const DIGEST_QUEUE = 'comment-digest';
/** Every day at 07:00 UTC. */
export const DIGEST_CRON = '0 7 * * *';

/** The digest's settings (`_id: 'owner'`: the address, when on) and one record per day mailed. */
export const commentDigest = defineCollection({
  id: 'comment-digest',
  internal: true,
  fields: { email: { type: 'text' }, day: { type: 'text' } },
  permissions: OWNER_ONLY,
});

const SETTINGS = 'owner';

export interface Digest {
  records: DataClient;
  mailer: Mailer;
  siteUrl: string;
  key: Buffer;
  comments: Pick<CommentModeration, 'queue'>;
  now?: () => Date;
}

const offMac = (key: Buffer, email: string) => linkMac(key, 'digest-off', email);

/** The digest's off link (the visible link's page, and the one-click target): signed over the address it goes to. */
export const digestOffUrl = (siteUrl: string, key: Buffer, email: string) =>
  `${siteUrl}/newsletter/unsubscribe?${new URLSearchParams({ d: offMac(key, email) })}`;

/** The address the digest goes to, or null when it is off. */
export async function digestAddress(digest: Pick<Digest, 'records'>): Promise<string | null> {
  const item = await digest.records.get(commentDigest.id, SETTINGS, OWNER);
  return typeof item?.email === 'string' && item.email ? item.email : null;
}

/** Turns the digest on (to `email`) or off (null). */
export async function setDigest(digest: Pick<Digest, 'records'>, email: string | null): Promise<void> {
  if (email) await digest.records.save(commentDigest.id, { _id: SETTINGS, email }, OWNER);
  else await digest.records.remove(commentDigest.id, SETTINGS, OWNER);
}

/** Whether an off link holds for the address the digest goes to now. */
export async function digestOffHolds(digest: Pick<Digest, 'records' | 'key'>, token: unknown): Promise<boolean> {
  const email = await digestAddress(digest);
  return email !== null && linkMacHolds(digest.key, token, 'digest-off', email);
}

/** The off link's one click: the digest is off; a link that does not hold changes nothing. */
export async function digestOff(digest: Pick<Digest, 'records' | 'key'>, token: unknown): Promise<'off' | 'invalid'> {
  if (!(await digestOffHolds(digest, token))) return 'invalid';
  await setDigest(digest, null);
  return 'off';
}

/** At most this many comments are quoted; the mail says how many wait in all (up to MORE). */
const SHOWN = 10;
const MORE = 100;

function DigestMail(props: { waiting: { name: string; text: string }[]; total: string; url: string; offUrl: string }) {
  const text = { fontSize: '16px', lineHeight: '1.6', color: '#1a1a1a', margin: '0 0 16px' };
  return (
    <Html lang="en">
      <Head />
      <Preview>{`${props.total} waiting for your approval on ${SITE_NAME}`}</Preview>
      <Body style={{ backgroundColor: '#f6f6f4', fontFamily: 'Helvetica, Arial, sans-serif', padding: '24px 0' }}>
        <Container style={{ backgroundColor: '#ffffff', maxWidth: '600px', padding: '24px 16px' }}>
          <Text style={text}>
            {props.total} on {SITE_NAME} wait for your approval:
          </Text>
          {props.waiting.map((c, i) => (
            <Text key={i} style={{ ...text, borderLeft: '3px solid #c9c9c4', paddingLeft: '12px' }}>
              <strong>{c.name}</strong>: {c.text}
            </Text>
          ))}
          <Text style={text}>
            <Link href={props.url}>Approve or hide them on the dashboard</Link>
          </Text>
          <Text style={{ fontSize: '13px', color: '#555555' }}>
            This is the daily digest you asked for. <Link href={props.offUrl}>Turn it off</Link>
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

/** Today's digest: mailed once a day, when the digest is on and something waits. Answers whether it mailed. */
export async function sendDigest(digest: Digest): Promise<boolean> {
  const email = await digestAddress(digest);
  if (!email) return false;
  const { comments } = await digest.comments.queue('PENDING', { limit: MORE });
  if (comments.length === 0) return false;
  const day = (digest.now ?? (() => new Date()))().toISOString().slice(0, 10);
  try {
    await digest.records.insert(commentDigest.id, { _id: `day-${day}`, day }, OWNER);
  } catch (error) {
    if (isCatalogueError(error) && error.wde === 'WDE0074') return false;
    throw error;
  }
  const total = `${comments.length === MORE ? `${MORE} or more comments` : comments.length === 1 ? 'One comment' : `${comments.length} comments`}`;
  const offUrl = digestOffUrl(digest.siteUrl, digest.key, email);
  const element = (
    <DigestMail
      total={total}
      waiting={comments.slice(0, SHOWN).map((c) => ({
        name: c.author.name,
        text: c.text.length > 200 ? `${c.text.slice(0, 200)}…` : c.text,
      }))}
      url={`${digest.siteUrl}/dashboard/comments`}
      offUrl={offUrl}
    />
  );
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  await digest.mailer.send({
    to: email,
    subject: `${total} waiting on ${SITE_NAME}`,
    html,
    text,
    headers: { 'List-Unsubscribe': `<${offUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  });
  return true;
}

/** The daily schedule and its worker on the site's queue. */
export async function workDigest(boss: PgBoss, digest: Digest): Promise<void> {
  await ensureQueue(boss, DIGEST_QUEUE, { retryLimit: 3, retryDelay: 300 });
  await boss.schedule(DIGEST_QUEUE, DIGEST_CRON, {}, { tz: 'UTC' });
  await workOnce(boss, DIGEST_QUEUE, { batchSize: 1, pollingIntervalSeconds: 30 }, async () => {
    await sendDigest(digest);
  });
}
