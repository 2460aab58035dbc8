import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientKey } from '@/lib/core/security/limits';
import { forwardedWithoutProxy, PEER_HEADER, stampPeerAddresses } from '@/lib/core/http/peer';

// The server stamps each request with its connection's address, replacing any value a client sent under that name,
// so with no proxy trusted (TRUST_PROXY_HOPS=0, the default) a client's X-Forwarded-For never chooses its budget. A
// request that arrives with X-Forwarded-For then means a proxy the site does not trust: said once, counted for the
// dashboard.

const warnings: string[] = [];
stampPeerAddresses(0, (line) => warnings.push(line));

const seen: Headers[] = [];
const server = createServer((request, response) => {
  seen.push(new Headers(request.headers as Record<string, string>));
  response.end('ok');
});
let base = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the connection’s address', () => {
  it('is stamped on every request, whatever the client sends, and is the client with no proxy trusted', async () => {
    await fetch(base);
    await fetch(base, { headers: { [PEER_HEADER]: '203.0.113.66', 'x-forwarded-for': '198.51.100.1' } });
    expect(seen.map((headers) => headers.get(PEER_HEADER))).toEqual(['127.0.0.1', '127.0.0.1']);
    expect(seen.map((headers) => clientKey(headers, 0))).toEqual(['127.0.0.1', '127.0.0.1']);
  });

  it('says once that requests carry X-Forwarded-For while no proxy is trusted, and counts them', async () => {
    const before = forwardedWithoutProxy().count;
    await fetch(base, { headers: { 'x-forwarded-for': '198.51.100.2' } });
    await fetch(base, { headers: { 'x-forwarded-for': '198.51.100.3' } });
    expect(forwardedWithoutProxy().count).toBe(before + 2);
    expect(forwardedWithoutProxy().since).not.toBeNull();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/X-Forwarded-For but TRUST_PROXY_HOPS is 0/);
  });
});
