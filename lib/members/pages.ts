// The members' pages (a route group with its own layout; rendered per request): their paths alone, with nothing else
// of the members' module, so the local provider's mail can link to them (session-cookie.ts re-exports them).

export const MEMBER_PAGES = {
  join: '/join',
  signin: '/signin',
  verify: '/verify',
  awaitingApproval: '/awaiting-approval',
  forgot: '/forgot',
  reset: '/reset',
  account: '/account',
} as const;
export type MemberPage = (typeof MEMBER_PAGES)[keyof typeof MEMBER_PAGES];
