import { isRecord } from '@/lib/core/json';
import { isAvatarPath } from '../local';
import type { Member, MemberStatus, ProfileChange } from '../types';
import type { Json } from './context';

// A Wix member (the Members v1 REST shape) as the site shows it, and a profile change in that shape.

/**
 * A member's `status`, as Members v1 has it (@wix/auto_sdk_members_members, `enum Status`: UNKNOWN, PENDING, APPROVED,
 * BLOCKED, OFFLINE, a guest author who cannot log in), as the site's. Only APPROVED signs in; there is no ACTIVE.
 */
const STATUS: Record<string, MemberStatus> = {
  UNKNOWN: 'PENDING',
  PENDING: 'PENDING',
  APPROVED: 'ACTIVE',
  BLOCKED: 'BLOCKED',
  OFFLINE: 'BLOCKED',
} satisfies Record<'UNKNOWN' | 'PENDING' | 'APPROVED' | 'BLOCKED' | 'OFFLINE', MemberStatus>;

export const idOf = (member: Json) =>
  typeof member.id === 'string' ? member.id : typeof member._id === 'string' ? member._id : '';

// A Wix media file (`<id>~mv2.jpg`): one name of word characters, `~`, dots and dashes; no query, no subfolder.
const WIX_MEDIA = /^https:\/\/static\.wixstatic\.com\/media\/[\w~-]+(?:\.[\w~-]+)*$/;

/** The picture a member chose, as Wix keeps it: a Wix media URL as it is, this site's media path made absolute. */
function photoUrl(avatar: unknown, siteUrl: string): string | null {
  if (typeof avatar !== 'string' || avatar.length > 300) return null;
  if (WIX_MEDIA.test(avatar)) return avatar;
  return isAvatarPath(avatar) ? `${siteUrl}${avatar}` : null;
}

/** Wix's picture URL as the site shows it (photoUrl's inverse); absent when it is neither kind. */
function avatarOf(url: unknown, siteUrl: string): string | undefined {
  if (typeof url !== 'string' || url === '') return undefined;
  if (WIX_MEDIA.test(url)) return url;
  const local = url.startsWith(`${siteUrl}/`) ? url.slice(siteUrl.length) : '';
  return isAvatarPath(local) ? local : undefined;
}

/** A Members v1 member (REST field names) as the site shows it; null unless it may sign in. */
export function toMember(member: Json, siteUrl: string): Member | null {
  const status = STATUS[String(member.status)] ?? 'PENDING';
  if (status !== 'ACTIVE') return null;
  const email = typeof member.loginEmail === 'string' ? member.loginEmail : '';
  const profile = isRecord(member.profile) ? member.profile : {};
  const nickname = typeof profile.nickname === 'string' ? profile.nickname.trim() : '';
  const created = member.createdDate ?? member._createdDate;
  const avatar = avatarOf(isRecord(profile.photo) ? profile.photo.url : undefined, siteUrl);
  return {
    id: idOf(member),
    email,
    displayName: (nickname || email.split('@')[0] || '').slice(0, 80),
    status,
    emailVerified: member.loginEmailVerified === true,
    createdDate: typeof created === 'string' ? created : '',
    ...(avatar ? { avatar } : {}),
  };
}

/** A profile change in the Members API's shape; null when a value is not acceptable. */
export function profilePatch(change: ProfileChange, member: Member, siteUrl: string): Json | null {
  const profile: Json = {};
  if (change.displayName !== undefined) {
    const name =
      typeof change.displayName === 'string'
        ? change.displayName
            .replace(/[\u0000-\u001f\u007f]/g, '')
            .trim()
            .slice(0, 80)
        : '';
    if (!name) return null;
    if (name !== member.displayName) profile.nickname = name;
  }
  if (change.avatar === null) {
    // Wix keeps a field the update leaves out: an empty picture removes it.
    if (member.avatar) profile.photo = { url: '' };
  } else if (change.avatar !== undefined) {
    const url = photoUrl(change.avatar, siteUrl);
    if (!url) return null;
    if (change.avatar !== member.avatar) profile.photo = { url };
  }
  return profile;
}
