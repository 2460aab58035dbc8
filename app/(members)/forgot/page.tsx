import type { Metadata } from 'next';
import { ForgotForm } from '@/components/members/member-forms';
import { noticeOf, type MemberPageProps } from '../query';

export const metadata: Metadata = { title: 'Forgot your password?' };

export default async function ForgotPage({ searchParams }: MemberPageProps) {
  return (
    <>
      <h1>Forgot your password?</h1>
      <p>Give your account&apos;s e-mail address and we will mail you a link to choose a new password.</p>
      <ForgotForm notice={noticeOf(await searchParams)} />
    </>
  );
}
