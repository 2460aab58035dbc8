import { describe, expect, it } from 'vitest';
import { clientNetwork, visitorLikeKey } from '@/lib/likes/limits';

// The address a visitor's like budget is kept for: an IPv4 address as it is, an IPv6 client by its /64 (one
// subscriber's block, whose 2^64 addresses a client may rotate through), an IPv4-mapped IPv6 address as IPv4.

describe('a visitor like’s client network', () => {
  it('keeps an IPv4 address, and reads an IPv4-mapped IPv6 address as one', () => {
    expect(clientNetwork('203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetwork('::ffff:198.51.100.4')).toBe('198.51.100.4');
    expect(clientNetwork('::FFFF:c633:6404')).toBe('198.51.100.4');
  });

  it('counts an IPv6 address by its /64, however it is written', () => {
    const network = '2001:db8:1:2::/64';
    for (const address of [
      '2001:db8:1:2:3:4:5:6',
      '2001:db8:1:2::9',
      '2001:0DB8:0001:0002:ffff:ffff:ffff:ffff',
      '[2001:db8:1:2::9]',
      '2001:db8:1:2::9%eth0',
    ]) {
      expect(clientNetwork(address)).toBe(network);
    }
    expect(clientNetwork('2001:db8:1:3::9')).toBe('2001:db8:1:3::/64');
    expect(clientNetwork('2001:db8::')).toBe('2001:db8:0:0::/64');
    expect(clientNetwork('64:ff9b::1.2.3.4')).toBe('64:ff9b:0:0::/64');
  });

  it('keeps anything else as it is, and keys each post apart', () => {
    expect(clientNetwork('unidentified')).toBe('unidentified');
    expect(clientNetwork('not an address')).toBe('not an address');
    expect(visitorLikeKey('2001:db8:1:2::9', 'post-1')).toBe(visitorLikeKey('2001:db8:1:2::a', 'post-1'));
    expect(visitorLikeKey('203.0.113.7', 'post-1')).not.toBe(visitorLikeKey('203.0.113.7', 'post-2'));
  });
});
