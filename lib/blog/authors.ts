import { isRecord } from '@/lib/core/json';
import { httpUrl, localMediaUrl } from './view';

// A post's writer as the site shows them: a member's public profile (Wix Members, PUBLIC fieldset), never more. Both
// sources read the same shape, a Wix `Member` in REST (`{ id, profile: { nickname, slug, photo: { url }, title } }`):
// Wix answers it to `GET /members/v1/members/{id}?fieldsets=PUBLIC`, and the local source keeps its writers in
// `content/authors.json` as a list of them. Only these four profile fields are read, so an e-mail address, a contact
// or anything else a member record might carry can never reach a page, the JSON-LD or the feed.

export interface Author {
  /** The member's id: what posts carry as `memberId`. */
  id: string;
  /** `profile.nickname`. */
  name: string;
  /** `profile.slug`: the author page is `/authors/<slug>`; null when the member has none (no page, no link). */
  slug: string | null;
  /** `profile.photo.url`: a `/media/…` path of the local source or an http(s) URL (Wix's CDN); null when none. */
  avatar: string | null;
  /** `profile.title`: a short line about them; null when none. */
  title: string | null;
}

const MAX_NAME = 80;
const MAX_TITLE = 160;
/** A slug as it may appear in `/authors/<slug>`: letters, digits, dashes; no slash, dot segment or space. */
const SLUG = /^[\p{L}\p{N}][\p{L}\p{N}_-]{0,99}$/u;

/** Text as shown: control characters out, spaces collapsed, trimmed, at most `max` characters; null when empty. */
function text(value: unknown, max: number): string | null {
  if (typeof value !== 'string') return null;
  const clean = value
    .replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return clean ? clean.slice(0, max) : null;
}

/** A photo URL the page may load: a local media path, or an http(s) URL. */
function photo(value: unknown): string | null {
  if (!isRecord(value)) return null;
  return localMediaUrl(value.url) ?? httpUrl(value.url);
}

/** The public author of a Wix `Member` (REST shape); null when it is not one or has no name to show. */
export function authorFromMember(member: unknown): Author | null {
  if (!isRecord(member) || typeof member.id !== 'string' || !member.id) return null;
  const profile = isRecord(member.profile) ? member.profile : {};
  const name = text(profile.nickname, MAX_NAME);
  if (!name) return null;
  const slug = typeof profile.slug === 'string' && SLUG.test(profile.slug) ? profile.slug : null;
  return { id: member.id, name, slug, avatar: photo(profile.photo), title: text(profile.title, MAX_TITLE) };
}
