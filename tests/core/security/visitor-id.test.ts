import { describe, expect, it } from 'vitest';
import { linkMac } from '@/lib/core/security/signed-token';
import { siteKey } from '@/lib/core/security/site-key';
import { withSite } from '../../helpers/site';

// The visitor's signed cookie that polls and ratings share (lib/core/security/visitor-id.ts): a `v-` id signed with
// the site key `visitor-id` under the label `visitor-id` (the browser tests sign one themselves: tests/e2e/
// visual.spec.ts `asVoter`), refused when forged, malformed or signed as anything else.

const SECRET = 'visitor-id-test-secret-long-enough-0123456789';
withSite({ SESSION_SECRET: SECRET });
const { VISITOR_COOKIE, isVisitorId, newVisitorCookie, visitorOfCookie } =
  await import('@/lib/core/security/visitor-id');

describe('the visitor cookie', () => {
  it('names a new visitor `v-` and 16 characters, signed so that only the site can make one', () => {
    expect(VISITOR_COOKIE).toBe('visitor_id');
    const { id, value } = newVisitorCookie();
    expect(id).toMatch(/^v-[\w-]{16}$/);
    expect(isVisitorId(id)).toBe(true);
    expect(visitorOfCookie(value)).toBe(id);
    expect(newVisitorCookie().id).not.toBe(id);
    // Signed with the site key `visitor-id` from SESSION_SECRET, under the label `visitor-id`.
    expect(value).toBe(`${id}.${linkMac(siteKey('visitor-id', SECRET, ''), 'visitor-id', id)}`);
  });

  it('refuses a forged, altered, malformed or differently signed cookie', () => {
    const { id, value } = newVisitorCookie();
    const other = newVisitorCookie().id;
    const signature = value.slice(id.length + 1);
    for (const bad of [
      undefined,
      '',
      id,
      `${other}.${signature}`,
      `${id}.${'A'.repeat(22)}`,
      `${id}.${linkMac(siteKey('polls', SECRET, ''), 'poll-voter', id)}`,
      `${id}.${linkMac(siteKey('visitor-id', 'another-secret-long-enough-0123456789', ''), 'visitor-id', id)}`,
      `${value}x`,
      `m-${id.slice(2)}.${signature}`,
    ]) {
      expect(visitorOfCookie(bad), String(bad)).toBeNull();
    }
  });

  it('tells a visitor’s id from a member’s', () => {
    expect(isVisitorId('0123456789abcdef0123456789abcdef')).toBe(false);
    expect(isVisitorId('5c1a7b1e-2f4d-4e59-9a3b-0c8f7d6e5a41')).toBe(false);
    expect(isVisitorId('m-0123456789abcdef')).toBe(false);
  });
});
