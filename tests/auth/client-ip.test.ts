import { afterEach, describe, expect, it, vi } from 'vitest';
import { clientKey } from '@/lib/auth/limits';
import { readConfig, resetConfig } from '@/lib/config';

const SECRET = 's'.repeat(40);
const headers = (h: Record<string, string>) => new Headers(h);

afterEach(() => vi.unstubAllEnvs());

describe('client key with TRUST_PROXY_HOPS', () => {
  it('1 (the default): the last X-Forwarded-For hop, the one our proxy appended', () => {
    expect(clientKey(headers({ 'x-forwarded-for': 'forged-by-client, 203.0.113.7' }), 1)).toBe('203.0.113.7');
    expect(clientKey(headers({ 'x-forwarded-for': ' 203.0.113.7 ' }), 1)).toBe('203.0.113.7');
    expect(clientKey(headers({ 'x-forwarded-for': 'x'.repeat(500) }), 1).length).toBe(100);
  });

  it('N: the hop N places from the right; earlier hops are the client’s own words', () => {
    const chain = headers({ 'x-forwarded-for': 'forged, 203.0.113.7, 10.0.0.2' });
    expect(clientKey(chain, 2)).toBe('203.0.113.7');
    expect(clientKey(chain, 3)).toBe('forged');
    // Fewer hops than proxies: every hop was written by one of our proxies, the leftmost is the client.
    expect(clientKey(headers({ 'x-forwarded-for': '203.0.113.7, 10.0.0.2' }), 5)).toBe('203.0.113.7');
  });

  it('0: no header names the client, so every attempt shares one key, whatever X-Forwarded-For or X-Real-IP say', () => {
    expect(clientKey(headers({ 'x-forwarded-for': '203.0.113.7' }), 0)).toBe('unidentified');
    expect(clientKey(headers({ 'x-forwarded-for': '198.51.100.1' }), 0)).toBe('unidentified');
    expect(clientKey(headers({ 'x-real-ip': '198.51.100.2' }), 0)).toBe('unidentified');
  });

  it('never reads X-Real-IP (no proxy of ours sets it; a client can)', () => {
    expect(clientKey(headers({ 'x-real-ip': '198.51.100.2' }), 1)).toBe('unidentified');
    expect(clientKey(headers({}), 1)).toBe('unidentified');
  });

  it('reads TRUST_PROXY_HOPS from the environment by default', () => {
    const chain = headers({ 'x-forwarded-for': 'forged, 203.0.113.7, 10.0.0.2' });
    expect(clientKey(chain)).toBe('10.0.0.2');
    vi.stubEnv('TRUST_PROXY_HOPS', '2');
    resetConfig();
    expect(clientKey(chain)).toBe('203.0.113.7');
    vi.stubEnv('TRUST_PROXY_HOPS', '0');
    resetConfig();
    expect(clientKey(chain)).toBe('unidentified');
  });
});

describe('TRUST_PROXY_HOPS validation', () => {
  const config = (hops: string | undefined, password = 'pw') =>
    readConfig({ OWNER_PASSWORD: password, SESSION_SECRET: SECRET, TRUST_PROXY_HOPS: hops });

  it('accepts a whole number ≥ 0; unset or blank is 1', () => {
    expect(config('0').trustProxyHops).toBe(0);
    expect(config('2').trustProxyHops).toBe(2);
    expect(config('20').trustProxyHops).toBe(20);
    expect(config(undefined).trustProxyHops).toBe(1);
    expect(config(' ').trustProxyHops).toBe(1);
  });

  it('refuses anything else with a message naming the variable (which stops the server at start)', () => {
    for (const bad of ['-1', '1.5', 'one', '1e3', '0x2', 'true', '100', '21']) {
      expect(() => config(bad), bad).toThrow(/^TRUST_PROXY_HOPS is invalid/);
      // Even with login disabled: the value also decides whose headers are trusted.
      expect(() => config(bad, ''), bad).toThrow(/^TRUST_PROXY_HOPS is invalid/);
    }
  });
});
