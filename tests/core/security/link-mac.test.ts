import { describe, expect, it } from 'vitest';
import { linkMac, linkMacHolds } from '@/lib/core/security/signed-token';
import { confirmToken, readConfirmToken, unsubscribeToken } from '@/lib/newsletter/key';

// The mailed links' signatures, made in one place (lib/core/security/signed-token.ts `linkMac`) for the newsletter's
// confirm and unsubscribe links, the reply notices' stop link and the comments digest's off link. Links already in
// readers' mailboxes must keep working: these vectors were computed with the formula each kind used before it moved
// here (HMAC-SHA256 of "label\npart\n…", its first 16 bytes in base64url).

const key = Buffer.from('0123456789abcdef0123456789abcdef');

describe('mailed link signatures', () => {
  it('are the ones already mailed, kind by kind', () => {
    expect(linkMac(key, 'unsubscribe', 'sub-1')).toBe('hPy_Z940Q6XLfSASff0ngQ');
    expect(unsubscribeToken(key, 'sub-1')).toBe('hPy_Z940Q6XLfSASff0ngQ');
    expect(linkMac(key, 'confirm', 'sub-1', 1795000000)).toBe('jX-UJOh8XDHiJ_UX98-hzQ');
    // A confirmation link of the earlier form (no request; mailed until issue 42) still reads, within its 7 days.
    const mailed = new Date(1795000000 * 1000);
    expect(readConfirmToken(key, 'sub-1', `${(1795000000).toString(36)}.jX-UJOh8XDHiJ_UX98-hzQ`, mailed)).toEqual({});
    expect(linkMac(key, 'stop-replies', 'a'.repeat(32))).toBe('1Ate72dBAqYATTneudXifw');
    expect(linkMac(key, 'digest-off', 'owner@example.com')).toBe('fwt0UdP-ktZEFzahMj-_rA');
  });

  it('hold only for their own label, parts and key', () => {
    const token = linkMac(key, 'unsubscribe', 'sub-1');
    expect(linkMacHolds(key, token, 'unsubscribe', 'sub-1')).toBe(true);
    expect(linkMacHolds(key, token, 'stop-replies', 'sub-1')).toBe(false);
    expect(linkMacHolds(key, token, 'unsubscribe', 'sub-2')).toBe(false);
    expect(linkMacHolds(Buffer.from('another key, just as long as it!'), token, 'unsubscribe', 'sub-1')).toBe(false);
    for (const bad of [undefined, 42, '', `${token}x`, token.slice(1), token.replace(/.$/, '!')]) {
      expect(linkMacHolds(key, bad, 'unsubscribe', 'sub-1')).toBe(false);
    }
    const request = 'r'.repeat(22);
    expect(readConfirmToken(key, 'sub-1', confirmToken(key, 'sub-1', request, new Date()), new Date())).toEqual({
      request,
    });
  });
});
