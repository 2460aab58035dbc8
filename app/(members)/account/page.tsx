import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import Link from 'next/link';
import { connection } from 'next/server';
import {
  ChangePasswordForm,
  MemberAvatar,
  ProfileForm,
  SignOutEverywhereForm,
} from '@/components/members/account-forms';
import { AccountNotice, NewsletterSetting, PictureForm, PlansSection } from '@/components/members/account-sections';
import { SignOutForm } from '@/components/members/member-forms';
import { ReadingList } from '@/components/members/reading-list';
import { listMediaImages } from '@/lib/blog/reads';
import { siteOffers } from '@/lib/edge/pages/offers';
import {
  MAX_PASSWORD_LENGTH,
  MAX_PICTURE_BYTES,
  MIN_PASSWORD_LENGTH,
  PICTURE_SIZE,
  isUploadedPicture,
  siteWixMembers,
} from '@/lib/members';
import { MEMBER_PAGES, MEMBER_SESSION_COOKIE, memberOfCookie } from '@/lib/members';
import { type NewsletterStanding, memberNewsletter } from '@/lib/newsletter';
import { readingListView } from '@/lib/reading-list/view';
import { memberPlans } from '@/lib/plans';
import { writerOf } from '@/lib/writers';
import { noticeOf, type MemberPageProps } from '../query';

export const metadata: Metadata = { title: 'Your account' };

// Who the session cookie signs in; anyone else (no cookie, a tampered, expired or revoked one) is asked to sign in.
export default async function AccountPage({ searchParams }: MemberPageProps) {
  // Checking a session reads the clock: per request, never in a prerender (as the owner's pages do).
  await connection();
  const session = (await cookies()).get(MEMBER_SESSION_COOKIE)?.value;
  const member = await memberOfCookie(session);
  // Not a redirect(): the layout has already started the answer, so Next would redirect in the browser, with script.
  if (!member || !session) {
    return (
      <>
        <h1>Your account</h1>
        <p role="status">You are not signed in, or your session has ended.</p>
        <p>
          <Link href={`${MEMBER_PAGES.signin}?next=/account`}>Sign in</Link>
        </p>
      </>
    );
  }
  // The pictures of the site's media folder (none on Wix, where the page offers no picker) and the reading list.
  // And the plans they hold now (paid posts they can read in full), asked of the platform on each visit; and where
  // their address stands on the newsletter, where the site offers one and the address is known to be theirs.
  const [choices, readingList, plans, writer, newsletter] = await Promise.all([
    listMediaImages().catch(() => []),
    readingListView(member.id),
    memberPlans().list({ id: member.id, sessionToken: session }).catch(failed('plans', null)),
    writerOf(member.id).catch(() => null),
    newsletterOf(member),
  ]);
  const uploaded = isUploadedPicture(member.avatar);
  return (
    <>
      <h1>Your account</h1>
      <AccountNotice notice={noticeOf(await searchParams)} />
      <div className="member-account-head">
        <MemberAvatar src={member.avatar} />
        <dl className="member-account">
          <dt>E-mail address</dt>
          <dd data-testid="member-email">{member.email}</dd>
          <dt>Display name</dt>
          <dd data-testid="member-name">{member.displayName}</dd>
        </dl>
      </div>
      <SignOutForm />
      {writer ? (
        <section aria-labelledby="writing-heading">
          <h2 id="writing-heading">Writing</h2>
          <p>
            You write for this blog: <Link href="/account/posts">your posts</Link>, drafts you submit for the owner’s
            review.
          </p>
        </section>
      ) : null}
      <PlansSection plans={plans} />
      {newsletter === 'off' ? null : <NewsletterSetting standing={newsletter} email={member.email} />}
      <ReadingList rows={readingList} />
      <PictureForm
        hasPicture={Boolean(member.avatar)}
        maxMegabytes={MAX_PICTURE_BYTES / 1024 / 1024}
        size={PICTURE_SIZE}
        atWix={siteWixMembers() !== null}
      />
      <ProfileForm displayName={member.displayName} avatar={member.avatar} choices={choices} uploaded={uploaded} />
      <ChangePasswordForm minLength={MIN_PASSWORD_LENGTH} maxLength={MAX_PASSWORD_LENGTH} />
      <SignOutEverywhereForm />
    </>
  );
}

/** A part of the page that could not be read: logged by name, and shown as "cannot be shown just now". */
const failed =
  <T,>(what: string, value: T) =>
  (error: unknown): T => {
    console.warn(JSON.stringify({ msg: `account: ${what} not read`, error: (error as Error)?.name }));
    return value;
  };

/**
 * Where the member's address stands on the newsletter: 'off' where the site offers none (the section is left out), null
 * while the address is not known to be theirs (not shown: lib/newsletter member.ts), 'unknown' when it cannot be read.
 */
async function newsletterOf(member: {
  email: string;
  emailVerified: boolean;
}): Promise<NewsletterStanding | null | 'unknown' | 'off'> {
  const offered = await siteOffers().then((offers) => offers.newsletter, failed('site offers', false));
  if (!offered) return 'off';
  if (!member.emailVerified) return null;
  return memberNewsletter.standing(member.email).then((s) => s.standing, failed('newsletter', 'unknown' as const));
}
