import { errors } from '@/lib/core/errors';
import { wixApi } from '@/lib/wix/base-url';
import { readWixJson } from '@/lib/wix/upstream';
import { type Author, authorFromMember } from '../authors';
import type { BlogSource } from '../source';
import type { WixContext } from './client';
import { pathSegment } from './segments';

// A post's writer from Wix Members, in the REST calls `@wix/members` makes (the SDK module is not a dependency: the
// blog client's auth and transport make them with `fetchWithAuth`), PUBLIC fieldset only, so no e-mail or contact:
//   getMember      GET  /members/v1/members/{id}?fieldsets=PUBLIC → { member: { id, profile } }
//   queryMembers   POST /members/v1/members/query
//                  { fieldsets: [PUBLIC], query: { filter: { "profile.slug": { $eq } }, paging: { limit: 1 } } }
//                  → { members: [...] }
// A member Wix does not know, or will not show (a private profile: 403 or 404), is no author: the post renders
// without a byline. Failures (5xx, an unparseable answer) are catalogue errors, as for every other call.

const MEMBERS = wixApi('/members/v1/members');

type AuthorMethods = Pick<BlogSource, 'getAuthor' | 'getAuthorBySlug'>;

export function authorMethods({ client, fail }: WixContext): AuthorMethods {
  /** One call: its JSON body, or null when Wix has no such (public) member. */
  async function send(what: string, url: string, init?: RequestInit): Promise<Record<string, unknown> | null> {
    let response: Response;
    try {
      response = await client.fetchWithAuth(url, init);
    } catch (error) {
      throw fail(error, what);
    }
    const body = await readWixJson(response);
    if (response.status === 404 || response.status === 403) return null;
    if (!response.ok) throw fail({ status: response.status, response: { status: response.status, data: body } }, what);
    if (!body) throw errors.upstreamUnparseable(`Wix answered ${what} with a body that could not be parsed`);
    return body;
  }

  return {
    async getAuthor(memberId): Promise<Author | null> {
      const segment = pathSegment(memberId);
      if (segment === null) return null;
      const body = await send('getMember', `${MEMBERS}/${segment}?fieldsets=PUBLIC`);
      return body ? authorFromMember(body.member) : null;
    },

    async getAuthorBySlug(slug): Promise<Author | null> {
      if (pathSegment(slug) === null) return null;
      const body = await send('queryMembers', `${MEMBERS}/query`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          fieldsets: ['PUBLIC'],
          query: { filter: { 'profile.slug': { $eq: slug } }, paging: { limit: 1 } },
        }),
      });
      const members = body && Array.isArray(body.members) ? body.members : [];
      const author = authorFromMember(members[0]);
      return author?.slug === slug ? author : null;
    },
  };
}
