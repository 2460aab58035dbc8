import type { Metadata } from 'next';
import { VerifyForm } from '@/components/members/member-forms';
import { noticeOf, type MemberPageProps } from '../query';

export const metadata: Metadata = { title: 'Confirm your e-mail address' };

export default async function VerifyPage({ searchParams }: MemberPageProps) {
  return (
    <>
      <h1>Confirm your e-mail address</h1>
      <p>Enter the 6-digit code we mailed you.</p>
      <VerifyForm notice={noticeOf(await searchParams)} />
    </>
  );
}
