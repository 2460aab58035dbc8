import type { Metadata } from 'next';
import { JoinForm } from '@/components/members/member-forms';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '@/lib/members';
import { noticeOf, type MemberPageProps } from '../query';

export const metadata: Metadata = { title: 'Create an account' };

export default async function JoinPage({ searchParams }: MemberPageProps) {
  const notice = noticeOf(await searchParams);
  return (
    <>
      <h1>Create an account</h1>
      <JoinForm notice={notice} minLength={MIN_PASSWORD_LENGTH} maxLength={MAX_PASSWORD_LENGTH} />
    </>
  );
}
