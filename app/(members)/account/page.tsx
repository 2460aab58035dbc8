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
import { sitePlans } from '@/lib/plans';
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
  // And the plans they hold now (paid posts they can read in full), asked of the platform on each visit.
  const [choices, readingList, plans, writer] = await Promise.all([
    listMediaImages().catch(() => []),
    readingListView(member.id),
    sitePlans()
      .held({ id: member.id, sessionToken: session })
      .catch(() => null),
    writerOf(member.id).catch(() => null),
  ]);
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
      {writer ? (
        <section aria-labelledby="writing-heading">
          <h2 id="writing-heading">Writing</h2>
          <p>
            You write for this blog: <Link href="/account/posts">your posts</Link>, drafts you submit for the owner’s
            review.
          </p>
        </section>
      ) : null}
      <section aria-labelledby="plans-heading">
        <h2 id="plans-heading">Your plans</h2>
        {plans === null ? (
          <p role="status">Your plans cannot be shown just now. Please try again later.</p>
        ) : plans.length === 0 ? (
          <p>You hold no plan. A paid post names the plans that open it.</p>
        ) : (
          <ul data-testid="member-plans">
            {plans.map((plan) => (
              <li key={plan.planId}>{plan.planName || plan.planId}</li>
            ))}
          </ul>
        )}
      </section>
      <ReadingList rows={readingList} />
      <ProfileForm displayName={member.displayName} avatar={member.avatar} choices={choices} />
      <ChangePasswordForm minLength={MIN_PASSWORD_LENGTH} maxLength={MAX_PASSWORD_LENGTH} />
      <SignOutEverywhereForm />
    </>
  );
}
