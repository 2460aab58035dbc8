import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { connection } from 'next/server';
import { SignInForm } from '@/components/members/member-forms';
import { captchaAsked } from '@/lib/edge/api/member-limits';
import { clientKey } from '@/lib/core/security/limits';
import type { CaptchaKind } from '@/lib/members';
import { siteWixMembers } from '@/lib/members';
import { MEMBER_PAGES, type MemberNotice, safeMemberNext, wixLoginPath } from '@/lib/members';
import { first, noticeOf, type MemberPageProps } from '../query';

export const metadata: Metadata = { title: 'Sign in' };

/** The captcha a notice asks for: the route found that this sign-in needs it (the account's failures count too). */
const CAPTCHAS: Partial<Record<MemberNotice, CaptchaKind>> = {
  'captcha-silent': 'silent',
  'captcha-user': 'user',
  'captcha-failed': 'user',
};

export default async function SignInPage({ searchParams }: MemberPageProps) {
  const query = await searchParams;
  const next = safeMemberNext(first(query.next));
  const notice = noticeOf(query);
  // A client whose failures already ask for a captcha gets it in the form at once, not after one more refusal; the
  // route decides again when the form is sent, so a visitor who edits this page gains nothing.
  // The limits' counters read the clock: per request, never in a prerender.
  await connection();
  const wix = siteWixMembers() !== null;
  const forClient = wix ? null : await captchaAsked(clientKey(await headers()), '');
  const fromNotice = notice && !wix ? CAPTCHAS[notice] : undefined;
  const captcha = fromNotice === 'user' || forClient === 'user' ? 'user' : (fromNotice ?? forClient ?? undefined);
  return (
    <>
      <h1>Sign in</h1>
      <SignInForm notice={notice} next={next === MEMBER_PAGES.account ? undefined : next} captcha={captcha} />
      {wix ? (
        <p className="member-form__links">
          Or <a href={wixLoginPath(next)}>sign in on the Wix login page</a>.
        </p>
      ) : null}
    </>
  );
}
