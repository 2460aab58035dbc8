import { isMemberNotice, type MemberNotice } from '@/lib/members';

// A members' page's query: only known notice names get through (no text from the URL is shown).

type Query = Record<string, string | string[] | undefined>;

export const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

export const noticeOf = (query: Query): MemberNotice | undefined => {
  const notice = first(query.notice);
  return isMemberNotice(notice) ? notice : undefined;
};

/** A members' page's props (the same as Next's generated `PageProps` for a page without params). */
export interface MemberPageProps {
  searchParams: Promise<Query>;
}
