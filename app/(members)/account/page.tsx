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
import { MemberNotice, SignOutForm } from '@/components/members/member-forms';
import { ReadingList } from '@/components/members/reading-list';
import { listMediaImages } from '@/lib/blog/reads';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '@/lib/members';
import { MEMBER_PAGES, MEMBER_SESSION_COOKIE, memberOfCookie } from '@/lib/members';
import { readingListView } from '@/lib/reading-list/view';
import { noticeOf, type MemberPageProps } from '../query';

export const metadata: Metadata = { title: 'Your account' };

// Who the session cookie signs in; anyone else (no cookie, a tampered, expired or revoked one) is asked to sign in.
export default async function AccountPage({ searchParams }: MemberPageProps) {
  // Checking a session reads the clock: per request, never in a prerender (as the owner's pages do).
  await connection();
  const member = await memberOfCookie((await cookies()).get(MEMBER_SESSION_COOKIE)?.value);
  // Not a redirect(): the layout has already started the answer, so Next would redirect in the browser, with script.
  if (!member) {
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
  const [choices, readingList] = await Promise.all([listMediaImages().catch(() => []), readingListView(member.id)]);
  return (
    <>
      <h1>Your account</h1>
      <MemberNotice notice={noticeOf(await searchParams)} />
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
      <ReadingList rows={readingList} />
      <ProfileForm displayName={member.displayName} avatar={member.avatar} choices={choices} />
      <ChangePasswordForm minLength={MIN_PASSWORD_LENGTH} maxLength={MAX_PASSWORD_LENGTH} />
      <SignOutEverywhereForm />
    </>
  );
}
