import type { Metadata } from 'next';
import { SignInForm } from '@/components/members/member-forms';
import { MEMBER_PAGES, safeMemberNext } from '@/lib/members/session-cookie';
import { first, noticeOf, type MemberPageProps } from '../query';

export const metadata: Metadata = { title: 'Sign in' };

export default async function SignInPage({ searchParams }: MemberPageProps) {
  const query = await searchParams;
  const next = safeMemberNext(first(query.next));
  return (
    <>
      <h1>Sign in</h1>
      <SignInForm notice={noticeOf(query)} next={next === MEMBER_PAGES.account ? undefined : next} />
    </>
  );
}
