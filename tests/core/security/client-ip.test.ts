import { afterEach, describe, expect, it, vi } from 'vitest';
import { clientKey } from '@/lib/core/security/limits';
import { readConfig, resetConfig } from '@/lib/core/config';
import { PEER_HEADER } from '@/lib/core/http/peer';

const SECRET = 's'.repeat(40);
const headers = (h: Record<string, string>) => new Headers(h);

afterEach(() => vi.unstubAllEnvs());

describe('client key with TRUST_PROXY_HOPS', () => {
  it('1: the last X-Forwarded-For hop, the one our proxy appended', () => {
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

  it('0 (the default): the connection’s address the server stamped, whatever X-Forwarded-For or X-Real-IP say', () => {
    const peer = { [PEER_HEADER]: '192.0.2.9' };
    expect(clientKey(headers({ ...peer, 'x-forwarded-for': '203.0.113.7' }), 0)).toBe('192.0.2.9');
    expect(clientKey(headers({ ...peer, 'x-forwarded-for': '198.51.100.1' }), 0)).toBe('192.0.2.9');
    expect(clientKey(headers({ ...peer, 'x-real-ip': '198.51.100.2' }), 0)).toBe('192.0.2.9');
    // A request the server did not stamp (none reaches a route that way in production): one shared key.
    expect(clientKey(headers({ 'x-forwarded-for': '203.0.113.7' }), 0)).toBe('unidentified');
  });

  it('never reads X-Real-IP (no proxy of ours sets it; a client can)', () => {
    expect(clientKey(headers({ 'x-real-ip': '198.51.100.2' }), 1)).toBe('unidentified');
    expect(clientKey(headers({}), 1)).toBe('unidentified');
  });

  it('reads TRUST_PROXY_HOPS from the environment, 0 when unset: no proxy trusted unless configured', () => {
    const chain = headers({ 'x-forwarded-for': 'forged, 203.0.113.7, 10.0.0.2', [PEER_HEADER]: '192.0.2.9' });
    vi.stubEnv('TRUST_PROXY_HOPS', '');
    resetConfig();
    expect(clientKey(chain)).toBe('192.0.2.9');
    vi.stubEnv('TRUST_PROXY_HOPS', '2');
    resetConfig();
    expect(clientKey(chain)).toBe('203.0.113.7');
    vi.stubEnv('TRUST_PROXY_HOPS', '1');
    resetConfig();
    expect(clientKey(chain)).toBe('10.0.0.2');
  });
});

describe('TRUST_PROXY_HOPS validation', () => {
  const config = (hops: string | undefined, password = 'pw') =>
    readConfig({ OWNER_PASSWORD: password, SESSION_SECRET: SECRET, TRUST_PROXY_HOPS: hops });

  it('accepts a whole number ≥ 0; unset or blank is 0', () => {
    expect(config('1').trustProxyHops).toBe(1);
    expect(config('2').trustProxyHops).toBe(2);
    expect(config('20').trustProxyHops).toBe(20);
    expect(config(undefined).trustProxyHops).toBe(0);
    expect(config(' ').trustProxyHops).toBe(0);
  });

  it('refuses anything else with a message naming the variable (which stops the server at start)', () => {
    for (const bad of ['-1', '1.5', 'one', '1e3', '0x2', 'true', '100', '21']) {
      expect(() => config(bad), bad).toThrow(/^TRUST_PROXY_HOPS is invalid/);
      // Even with login disabled: the value also decides whose headers are trusted.
      expect(() => config(bad, ''), bad).toThrow(/^TRUST_PROXY_HOPS is invalid/);
    }
  });
});
