import path from 'node:path';
import { config } from '@/lib/core/config';
import { recordsClient } from '@/lib/data';
import { OWNER } from '@/lib/data/types';
import { mailer } from '@/lib/core/mail';
import { servedBy } from '@/lib/platform';
import { processSingleton } from '@/lib/core/process-singleton';
import { TooManyRequests } from '@/lib/core/errors';
import { consume, createLimiter, secondsLeft } from '@/lib/core/security/limits';
import { members } from './collection';
import { siteKey } from '@/lib/core/security/site-key';
import { createLocalMembers, type LocalMembers } from './local';
import { createPolicyStore, memberPolicy } from './policy';
import { siteCaptcha } from './site-captcha';
import {
  createPictureStore,
  memberPictures,
  pictureIdOf,
  pictureIdOfFile,
  type PictureStore,
  type StoredPicture,
} from './pictures';
import type { IdentityProvider, Member, MemberAccount, MemberAdmin, ProfileChange, ProfileResult } from './types';
import { createWixMembers, openSession, type WixMembers } from './wix';

export { members, type MemberItem } from './collection';
export { MAX_PICTURE_BYTES, memberPictures, PICTURE_PATH, PICTURE_SIZE, type StoredPicture } from './pictures';
export { createLocalMembers, INVALID_LOGIN, MAX_CODE_ATTEMPTS, type LocalMembers } from './local';
export * from './types';

/** What the site's pages and routes ask of members, whichever provider keeps them. */
export type SiteMembers = IdentityProvider & MemberAccount;

/** The members' own pictures (pictures.ts), in the site's own records. */
const sitePictures = (): PictureStore =>
  processSingleton('member-pictures', () => createPictureStore(() => recordsClient(memberPictures)));

/**
 * A provider whose profile changes keep one uploaded picture per member: once a change of the picture is saved (a new
 * upload, another picture, none), the member's uploaded pictures but the one they now show are removed, whichever route
 * made the change. A removal that fails is logged (by name only) and tried again at their next change.
 */
function withPictures<P extends MemberAccount>(provider: P): P {
  return {
    ...provider,
    async updateProfile(sessionToken: string, change: ProfileChange): Promise<ProfileResult> {
      const result = await provider.updateProfile(sessionToken, change);
      if (result.ok && change?.avatar !== undefined) {
        await sitePictures()
          .prune(result.member.id, result.member.avatar)
          .catch((error: unknown) =>
            console.warn(JSON.stringify({ msg: 'members: old pictures not removed', error: (error as Error)?.name })),
          );
      }
      return result;
    },
  };
}

/** The members key: seals and signs sessions and state tokens, for either provider. */
const membersKey = () => {
  const c = config();
  return siteKey('members', c.sessionSecret, path.resolve(/*turbopackIgnore: true*/ c.dataDir)).toString('base64url');
};

/**
 * The local provider, one per process: its members in the site's own records (`recordsClient`: never a Wix site's CMS;
 * the members collection is passed to it, as lib/data cannot import it), with the owner's sign-up rules, the mailer
 * and the captcha.
 */
const localMembers = (): LocalMembers =>
  processSingleton('members', () => {
    const c = config();
    const client = recordsClient(members, memberPolicy);
    return withPictures(
      createLocalMembers({
        client,
        mailer: mailer(),
        secret: membersKey(),
        siteUrl: c.siteUrl,
        // The owner's sign-up rules as saved in the dashboard; MEMBERS_* until then.
        policy: createPolicyStore(client, c.members),
        captcha: siteCaptcha(),
      }),
    );
  });

/** The Wix provider, one per process: the site's OAuth app, through WIX_API_BASE_URL when set. */
const wixMembers = (): WixMembers =>
  processSingleton('members-wix', () => {
    const c = config();
    return withPictures(
      createWixMembers({
        clientId: c.wix.clientId!,
        secret: membersKey(),
        siteUrl: c.siteUrl,
        apiBaseUrl: c.wix.apiBaseUrl,
      }),
    );
  });

/**
 * The Wix member's refresh token a session of ours seals, for calls made at Wix as that member (likes); null for a
 * session that is not one (tampered, expired, local). Never leaves the server.
 */
export const wixRefreshTokenOf = (sessionToken: string): string | null =>
  openSession(membersKey(), sessionToken, Math.floor(Date.now() / 1000))?.rt ?? null;

/** Members sign in at Wix (the platform's `members`: a Wix blog with an OAuth app), else on the site. */
const atWix = () => servedBy('members') === 'wix';

/** The site's identity provider: Wix's when the blog reads Wix with an OAuth app. */
export const siteMembers = (): SiteMembers => (atWix() ? wixMembers() : localMembers());

/** The member a session cookie's value signs in, or null: absent, tampered, expired, revoked, blocked. */
export async function memberOfCookie(value: string | undefined): Promise<Member | null> {
  if (!value || value.length > 2048) return null;
  return siteMembers().memberOf(value);
}

/** Pictures a member may upload in an hour: each is decoded and encoded anew, work a client must not repeat at will. */
export const PICTURES_PER_HOUR = 20;
const pictureLimiter = () =>
  processSingleton('members-limit:pictures', () =>
    createLimiter({ keyPrefix: 'members:pictures', points: PICTURES_PER_HOUR, durationSeconds: 60 * 60 }),
  );

/**
 * The member of `sessionToken` takes a picture of their own, made from `upload` (picture-image.ts: judged by its
 * content, a 256-pixel square WebP without metadata): stored in the site's records, then made their profile's picture
 * (at Wix too: the member profile's `photo.url`, this site's address of it), their earlier uploads removed. A file that
 * is not a JPEG, PNG, WebP or GIF is the catalogue's 422, one over 5 MB its 413, past PICTURES_PER_HOUR its 429; a
 * session that names nobody is `invalidSession`. Whatever is refused, the member's picture stays as it was.
 */
export async function uploadMemberPicture(sessionToken: string, upload: Uint8Array): Promise<ProfileResult> {
  const member = await memberOfCookie(sessionToken);
  if (!member) return { ok: false, reason: 'invalidSession' };
  const allowed = await consume(pictureLimiter(), member.id);
  if (!allowed.ok) throw new TooManyRequests('too many pictures uploaded', secondsLeft(allowed.res));
  // The image library is loaded here only: everything else that reads members goes without it.
  const { squarePicture } = await import('./picture-image');
  const path = await sitePictures().put(member.id, await squarePicture(upload));
  const result = await siteMembers()
    .updateProfile(sessionToken, { avatar: path })
    .catch(async (error: unknown) => {
      await sitePictures()
        .prune(member.id, member.avatar)
        .catch(() => undefined);
      throw error;
    });
  // Not taken (the session ended meanwhile): the new picture goes, the one they had stays.
  if (!result.ok)
    await sitePictures()
      .prune(member.id, member.avatar)
      .catch(() => undefined);
  return result;
}

/** A member's uploaded picture by its file name (`<id>.webp`), for the route serving it; null when there is none. */
export async function memberPicture(file: string): Promise<StoredPicture | null> {
  const id = pictureIdOfFile(file);
  return id ? sitePictures().get(id) : null;
}

/** Whether a member's `avatar` is a picture they uploaded (the account page shows it apart from the offered ones). */
export const isUploadedPicture = (avatar: string | undefined) => pictureIdOf(avatar) !== null;

/** The Wix provider with its login page, or null when members are local (the login page's routes answer 404). */
export const siteWixMembers = (): WixMembers | null => (atWix() ? wixMembers() : null);

/** The owner's member management: the local provider's; null on Wix, where the Wix dashboard manages members. */
export const siteMemberAdmin = (): MemberAdmin | null => (atWix() ? null : localMembers());

export { CAPTCHA_FIELD } from './captcha';
export type { CaptchaKind } from './captcha';
export { normaliseEmail } from './local';
export { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './password';
export {
  MEMBER_PAGES,
  MEMBER_RESET_COOKIE,
  MEMBER_RESET_TTL_SECONDS,
  MEMBER_ROUTES_PATH,
  MEMBER_SESSION_COOKIE,
  MEMBER_SESSION_TTL_SECONDS,
  MEMBER_STATE_COOKIE,
  MEMBER_STATE_TTL_SECONDS,
  isMemberNotice,
  memberPagePath,
  safeMemberNext,
  wixLoginPath,
} from './session-cookie';
export type { MemberNotice, MemberPage } from './session-cookie';
export { siteCaptcha } from './site-captcha';
export { WIX_LOGIN_COOKIE } from './wix';
export type { WixLoginResult } from './wix';

/**
 * The days (UTC) members joined within [from, to], for the owner's analytics: the site's own members (their records'
 * creation dates, a page of 1000 at a time); null on Wix, whose dashboard counts its members.
 */
export async function memberJoinDays(from: string, to: string): Promise<string[] | null> {
  if (atWix()) return null;
  const client = recordsClient(members);
  const days: string[] = [];
  let page = await client.query(
    members.id,
    {
      filter: { _createdDate: { $gte: `${from}T00:00:00.000Z`, $lte: `${to}T23:59:59.999Z` } },
      limit: 1000,
    },
    OWNER,
  );
  for (;;) {
    for (const item of page.items) days.push(String(item._createdDate).slice(0, 10));
    if (!page.hasNext) return days;
    page = await page.next();
  }
}
