import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, expect, it } from 'vitest';
import { appendOnce } from '@/lib/core/http/single-headers';

// A redirect stored by Next's page cache went out with `Location` twice (vercel/next.js#82117): the render set it and
// the stored headers were appended again. Behind a client or proxy that joins repeated headers, readers went to
// `/new, /new`. Here a real Node server appends as Next does, through appendOnce.

const server = http.createServer((_, response) => {
  const append = appendOnce(http.ServerResponse.prototype.appendHeader);
  response.statusCode = 308;
  response.setHeader('location', '/tags/moved');
  append.call(response, 'location', '/tags/moved');
  append.call(response, 'set-cookie', 'a=1');
  append.call(response, 'set-cookie', 'a=1');
  append.call(response, 'vary', 'rsc');
  response.end();
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

it('sends a redirect’s Location once; headers that may repeat are left as they are', async () => {
  const { port } = server.address() as AddressInfo;
  const raw = await new Promise<string[]>((resolve, reject) =>
    http
      .get({ host: '127.0.0.1', port, path: '/' }, (response) => {
        response.resume();
        resolve(response.rawHeaders);
      })
      .on('error', reject),
  );
  const named = (name: string) => raw.filter((_, i) => i % 2 === 1 && raw[i - 1]!.toLowerCase() === name);
  expect(named('location')).toEqual(['/tags/moved']);
  expect(named('set-cookie')).toEqual(['a=1', 'a=1']);
  expect(named('vary')).toEqual(['rsc']);
});
