import { config } from '@/lib/core/config';
import { mailer } from '@/lib/core/mail';
import { recordsClient } from '@/lib/data';
import { OWNER, OWNER_ONLY, defineCollection } from '@/lib/data/types';

// Members who write (issue 45): the owner lets chosen members write (the dashboard's Members page); a writer drafts in
// the site's editor, limited to their own drafts, and submits them for review (lib/blog/desk: the writer's desk); the
// owner approves (published under the writer's byline) or sends the post back with a note; either way the writer is
// mailed. The grant is the site's own record: one item per writer, their member id its id, with the name and address
// the owner saw when granting it. On a Wix site writers are Wix's (its Blog's writer role), and only the review is
// the site's.

/** Who may write: one item per member. */
export const writers = defineCollection({
  id: 'writers',
  internal: true,
  fields: {
    name: { type: 'text' },
    email: { type: 'text' },
  },
  permissions: OWNER_ONLY,
});

export interface Writer {
  id: string;
  name: string;
  email: string;
}

const records = () => recordsClient(writers);

/** The writer with this member id; null for a member who may not write. */
export async function writerOf(memberId: string): Promise<Writer | null> {
  const item = await records().get(writers.id, memberId, OWNER);
  return item ? { id: item._id, name: String(item.name ?? ''), email: String(item.email ?? '') } : null;
}

/** The members who may write, by id. */
export async function writerIds(): Promise<Set<string>> {
  const { items } = await records().query(writers.id, { limit: 1000 }, OWNER);
  return new Set(items.map((item) => item._id));
}

/** Lets a member write, or no longer (their posts stay as they are). */
export async function setWriter(member: Writer, writes: boolean): Promise<void> {
  if (writes) await records().save(writers.id, { _id: member.id, name: member.name, email: member.email }, OWNER);
  else await records().remove(writers.id, member.id, OWNER);
}

/**
 * Tells a writer the owner's answer to the post they submitted: published (with its address), or sent back with the
 * owner's note and where to edit it. A mail that cannot be sent is logged; the answer stands.
 */
export async function mailReview(
  writer: Writer,
  post: { id: string; title: string; url: string | null },
  decision: 'approve' | 'reject',
  note?: string,
): Promise<void> {
  const site = config().siteUrl;
  const mail =
    decision === 'approve'
      ? {
          subject: `Published: ${post.title}`,
          text: `Hello ${writer.name},\n\nYour post "${post.title}" was approved and is published:\n${post.url ?? site}\n`,
        }
      : {
          subject: `Sent back: ${post.title}`,
          text:
            `Hello ${writer.name},\n\nYour post "${post.title}" came back to your drafts with this note:\n\n` +
            `${note ?? ''}\n\nEdit it and submit it again: ${site}/account/posts/${encodeURIComponent(post.id)}\n`,
        };
  await mailer()
    .send({ to: writer.email, ...mail })
    .catch((error: unknown) =>
      console.error(JSON.stringify({ msg: 'writers: the review mail was not sent', error: String(error) })),
    );
}
