import { after } from 'next/server';
import { otherMethods } from '@/lib/edge/api/respond';
import { memberFormRoute, seeOther } from '@/lib/edge/api/member-forms';
import { allowCodeMail } from '@/lib/edge/api/member-limits';
import { answerLoginState } from '@/lib/edge/api/member-states';
import { siteMembers } from '@/lib/members';
import { MEMBER_PAGES, memberPagePath } from '@/lib/members';

// POST (the /join form): e-mail, password, display name → register. 5 registrations per client per hour; the code
// mailed counts against the client's and the account's code mails (lib/edge/api/member-limits.ts). An address that is a
// member's already gets the answer a new one gets, and the member a notice mail (from the same budgets) instead
// (lib/members/local/taken.ts); `email-exists` is shown only where a new member would be signed in at once, and on Wix,
// which answers it to anyone (docs/security.md, "Joining").

export const POST = memberFormRoute(MEMBER_PAGES.join, async (form) => {
  if (!(await form.allow('registrations'))) return seeOther(memberPagePath(MEMBER_PAGES.join, 'rate-limited'));
  const result = await siteMembers().register(
    {
      email: form.field('email', 320),
      password: form.field('password', 1024),
      profile: { nickname: form.field('displayName', 200) },
    },
    { client: form.client, allowCodeMail: (address) => allowCodeMail(form.client, address), later: after },
  );
  return answerLoginState(form, result, {
    page: MEMBER_PAGES.join,
    failure: (failure) =>
      failure.errorCode === 'invalidEmail'
        ? 'invalid-email'
        : failure.errorCode === 'invalidPassword'
          ? 'invalid-password'
          : failure.errorCode === 'emailAlreadyExists'
            ? 'email-exists'
            : 'try-later',
  });
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['POST']);
