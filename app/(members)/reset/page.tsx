import type { Metadata } from 'next';
import { ForgotForm, ResetForm } from '@/components/members/member-forms';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '@/lib/members';
import { first, noticeOf, type MemberPageProps } from '../query';

// The token is in this page's URL: other sites get no Referer from it, and this site only the origin. Not
// `no-referrer`: under it a browser sends the form's POST with `Origin: null`, which the route refuses as cross-site.
export const metadata: Metadata = { title: 'Choose a new password', referrer: 'strict-origin' };

// The mailed link brings its token in the query; the form posts it back in a hidden field. After a refused password
// the route keeps it in an HttpOnly cookie instead, so it never returns to a URL.
export default async function ResetPage({ searchParams }: MemberPageProps) {
  const query = await searchParams;
  const notice = noticeOf(query);
  const token = first(query.token);
  if (notice === 'link-expired') {
    return (
      <>
        <h1>This link has expired</h1>
        <ForgotForm notice={notice} />
      </>
    );
  }
  return (
    <>
      <h1>Choose a new password</h1>
      <ResetForm
        notice={notice}
        token={token && token.length <= 2048 ? token : undefined}
        minLength={MIN_PASSWORD_LENGTH}
        maxLength={MAX_PASSWORD_LENGTH}
      />
    </>
  );
}
