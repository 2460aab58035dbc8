import { describe, expect, it } from 'vitest';
import { isCrossSite } from '@/lib/core/security/same-origin';

const SITE = 'https://blog.example';
const request = (headers: Record<string, string>) =>
  new Request('http://10.0.0.5:3000/api/owner/session', { method: 'POST', headers });

describe('isCrossSite', () => {
  it('trusts a forged X-Forwarded-Host never: a cross-site Origin that matches it is refused', () => {
    expect(
      isCrossSite(
        request({ origin: 'https://evil.example', host: '10.0.0.5:3000', 'x-forwarded-host': 'evil.example' }),
        SITE,
      ),
    ).toBe(true);
    expect(isCrossSite(request({ origin: 'https://evil.example', 'x-forwarded-host': 'evil.example' }), SITE)).toBe(
      true,
    );
  });

  it('accepts the configured SITE_URL origin, even when a proxy rewrote Host', () => {
    expect(isCrossSite(request({ origin: 'https://blog.example', host: '10.0.0.5:3000' }), SITE)).toBe(false);
    // Same host on another scheme or port is another origin.
    expect(isCrossSite(request({ origin: 'http://blog.example', host: '10.0.0.5:3000' }), SITE)).toBe(true);
    expect(isCrossSite(request({ origin: 'https://blog.example:8443', host: '10.0.0.5:3000' }), SITE)).toBe(true);
  });

  it('accepts an Origin naming the request’s own Host (direct access)', () => {
    expect(isCrossSite(request({ origin: 'http://127.0.0.1:3000', host: '127.0.0.1:3000' }), SITE)).toBe(false);
    expect(isCrossSite(request({ origin: 'http://127.0.0.1:3001', host: '127.0.0.1:3000' }), SITE)).toBe(true);
  });

  it('refuses Sec-Fetch-Site cross-site and same-site, and an unparseable Origin; passes requests without Origin', () => {
    expect(isCrossSite(request({ 'sec-fetch-site': 'cross-site' }), SITE)).toBe(true);
    expect(isCrossSite(request({ 'sec-fetch-site': 'same-site', origin: SITE }), SITE)).toBe(true);
    expect(isCrossSite(request({ origin: 'null', host: '10.0.0.5:3000' }), SITE)).toBe(true);
    expect(isCrossSite(request({}), SITE)).toBe(false);
  });
});
