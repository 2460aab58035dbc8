import { statusOf } from '@/lib/wix/upstream';
import { type Author, authorFromMember } from '../authors';
import type { BlogSource } from '../source';
import type { WixContext } from './client';
import { pathSegment } from './segments';

// A post's writer from Wix Members, through @wix/members' typed `members` module on the blog's client (its auth and
// transport), PUBLIC fieldset only, so no e-mail or contact:
//   getMember      GET  /members/v1/members/{id}?fieldsets=PUBLIC → { member: { id, profile } }
//   queryMembers   POST /members/v1/members/query
//                  { fieldsets: [PUBLIC], query: { filter: { "profile.slug": { $eq } }, paging: { limit: 1 } } }
//                  → { members: [...] }
// The SDK answers a member with `_id` for the REST `id`. A member Wix does not know, or will not show (a private
// profile: 403 or 404), is no author: the post renders without a byline. Failures (5xx, an unparseable answer) are
// catalogue errors, as for every other call.

type AuthorMethods = Pick<BlogSource, 'getAuthor' | 'getAuthorBySlug'>;

/** A member as the SDK answers it, as the REST shape `authorFromMember` reads. */
const restMember = (member: { _id?: string | null } | undefined) => (member ? { ...member, id: member._id } : null);

export function authorMethods({ client, fail }: WixContext): AuthorMethods {
  /** One call: its answer, or null when Wix has no such (public) member. */
  async function send<T>(what: string, run: () => Promise<T>): Promise<T | null> {
    try {
      return await run();
    } catch (error) {
      const status = statusOf(error);
      if (status === 404 || status === 403) return null;
      throw fail(error, what);
    }
  }

  return {
    async getAuthor(memberId): Promise<Author | null> {
      const segment = pathSegment(memberId);
      if (segment === null) return null;
      const member = await send('getMember', () => client.members.getMember(segment, { fieldsets: ['PUBLIC'] }));
      return authorFromMember(restMember(member ?? undefined));
    },

    async getAuthorBySlug(slug): Promise<Author | null> {
      if (pathSegment(slug) === null) return null;
      const answer = await send('queryMembers', () =>
        client.members.queryMembers(
          { filter: { 'profile.slug': { $eq: slug } }, paging: { limit: 1 } },
          { fieldsets: ['PUBLIC'] },
        ),
      );
      const author = authorFromMember(restMember(answer?.members?.[0]));
      return author?.slug === slug ? author : null;
    },
  };
}
