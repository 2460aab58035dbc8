import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, renameSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { skipOrFail } from '@/scripts/ci/services';
import { withSite } from '../helpers/site';

// The route must stream: whole-file reads are recorded (and still work) so the streaming tests can refuse them.
const wholeReads: string[] = [];
vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs/promises')>();
  const readFile = ((...args: Parameters<typeof actual.readFile>) => {
    wholeReads.push(String(args[0]));
    return actual.readFile(...args);
  }) as typeof actual.readFile;
  return { ...actual, default: { ...actual, readFile }, readFile };
});

// media/ is itself a symlink into store/, as when the media live on another disk; outside/ is off limits.
const base = mkdtempSync(path.join(tmpdir(), 'media-route-'));
const contentDir = path.join(base, 'content');
const media = path.join(base, 'store', 'media');
const outside = path.join(base, 'outside');
mkdirSync(contentDir);
mkdirSync(media, { recursive: true });
mkdirSync(path.join(outside, 'dir'), { recursive: true });
symlinkSync(media, path.join(contentDir, 'media'));

const text = Buffer.from('0123456789abcdefghijklmnopqrstuvwxyz');
writeFileSync(path.join(media, 'a.txt'), text);
mkdirSync(path.join(media, 'sub'));
writeFileSync(path.join(media, 'sub', 'b.txt'), 'inside');
writeFileSync(path.join(media, 'empty.txt'), '');
writeFileSync(path.join(outside, 'secret.txt'), 'secret');
writeFileSync(path.join(outside, 'dir', 'secret.txt'), 'secret');
symlinkSync(path.join(outside, 'secret.txt'), path.join(media, 'escape.txt'));
symlinkSync(path.join(outside, 'dir'), path.join(media, 'escdir'));
symlinkSync(path.join(media, 'sub', 'b.txt'), path.join(media, 'alias.txt'));
symlinkSync('loop.txt', path.join(media, 'loop.txt'));
mkdirSync(path.join(media, 'folder.png'));

withSite({ BLOG_SOURCE: 'local', BLOG_CONTENT_DIR: contentDir });
const { GET, HEAD } = await import('@/app/media/[...path]/route');

afterAll(() => rmSync(base, { recursive: true, force: true }));

const ctx = (segments: string[]) => ({ params: Promise.resolve({ path: segments }) }) as never;
const url = (segments: string[]) => `http://localhost:3000/media/${segments.join('/')}`;
const get = (segments: string[], headers: Record<string, string> = {}) =>
  GET(new Request(url(segments), { headers }), ctx(segments));
const head = (segments: string[], headers: Record<string, string> = {}) =>
  HEAD(new Request(url(segments), { method: 'HEAD', headers }), ctx(segments));
const bytes = async (response: Response) => Buffer.from(await response.arrayBuffer());

async function expectNotFound(response: Response) {
  expect(response.status).toBe(404);
  expect(await response.text()).toBe('Not found');
}

describe('GET /media: staying inside the media folder', () => {
  it('serves a file with its type, length, validators and the security headers', async () => {
    const response = await get(['a.txt']);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(response.headers.get('content-length')).toBe(String(text.length));
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    expect(response.headers.get('etag')).toMatch(/^"[^"]+"$/);
    expect(response.headers.get('last-modified')).toBe(
      new Date(statSync(path.join(media, 'a.txt')).mtimeMs).toUTCString(),
    );
    expect(response.headers.get('cache-control')).toBe(
      'public, max-age=86400, stale-while-revalidate=604800, no-transform',
    );
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toContain('sandbox');
    expect(await bytes(response)).toEqual(text);
  });

  it('serves a nested file and a symlink that stays inside', async () => {
    expect(await (await get(['sub', 'b.txt'])).text()).toBe('inside');
    expect(await (await get(['alias.txt'])).text()).toBe('inside');
  });

  it('answers 404 to a symlink pointing at a file outside the folder', async () => {
    await expectNotFound(await get(['escape.txt']));
    await expectNotFound(await head(['escape.txt']));
  });

  it('answers 404 to a file reached through a symlinked directory that leaves the folder', async () => {
    await expectNotFound(await get(['escdir', 'secret.txt']));
  });

  it('answers 404 to a directory, a missing file, a symlink loop, a bad name or an unknown type', async () => {
    await expectNotFound(await get(['folder.png']));
    await expectNotFound(await get(['missing.txt']));
    await expectNotFound(await get(['loop.txt']));
    await expectNotFound(await get(['..', 'outside', 'secret.txt']));
    await expectNotFound(await get(['.hidden.txt']));
    await expectNotFound(await get(['a.exe']));
  });

  it('answers 404 to a named pipe without hanging', async (context) => {
    try {
      execFileSync('mkfifo', [path.join(media, 'pipe.mp4')]);
    } catch (error) {
      // No mkfifo (coreutils), or a temp folder that cannot hold a named pipe: skipped, or failed in CI.
      const missing = `mkfifo could not make a named pipe in ${tmpdir()} (${(error as Error).message.split('\n')[0]})`;
      skipOrFail({ service: 'mkfifo', missing, tests: 'the named-pipe media test' }, context.skip);
    }
    await expectNotFound(await get(['pipe.mp4']));
  });

  it('serves an empty file', async () => {
    const response = await get(['empty.txt'], { range: 'bytes=0-5' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-length')).toBe('0');
    expect((await bytes(response)).length).toBe(0);
  });
});

describe('GET /media: ranges', () => {
  it('answers a closed range with 206, the exact bytes and Content-Range', async () => {
    const response = await get(['a.txt'], { range: 'bytes=2-5' });
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe(`bytes 2-5/${text.length}`);
    expect(response.headers.get('content-length')).toBe('4');
    expect((await bytes(response)).toString()).toBe('2345');
  });

  it('answers a suffix range with the last bytes', async () => {
    const response = await get(['a.txt'], { range: 'bytes=-3' });
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe(`bytes 33-35/${text.length}`);
    expect((await bytes(response)).toString()).toBe('xyz');
  });

  it('answers an open range up to the end, and clamps an end past it', async () => {
    const open = await get(['a.txt'], { range: 'bytes=30-' });
    expect(open.status).toBe(206);
    expect(open.headers.get('content-range')).toBe(`bytes 30-35/${text.length}`);
    expect((await bytes(open)).toString()).toBe('uvwxyz');
    const clamped = await get(['a.txt'], { range: 'bytes=34-99999999999999999999999' });
    expect(clamped.status).toBe(206);
    expect(clamped.headers.get('content-range')).toBe(`bytes 34-35/${text.length}`);
    expect((await bytes(clamped)).toString()).toBe('yz');
  });

  it('answers 416 with Content-Range: bytes */size to a range past the end', async () => {
    for (const range of ['bytes=36-', 'bytes=99999999999999999999999-', 'bytes=-0']) {
      const response = await get(['a.txt'], { range });
      expect(response.status, range).toBe(416);
      expect(response.headers.get('content-range')).toBe(`bytes */${text.length}`);
      expect((await bytes(response)).length).toBe(0);
    }
  });

  it('sends the whole file with 200 for a malformed, reversed or multi-range header', async () => {
    for (const range of ['bytes=abc', 'bytes=5-2', 'bytes=0-1,4-5', 'pages=1-2', 'bytes=-']) {
      const response = await get(['a.txt'], { range });
      expect(response.status, range).toBe(200);
      expect(response.headers.get('content-range')).toBeNull();
      expect(await bytes(response)).toEqual(text);
    }
  });

  it('honours a range only when If-Range names the current version', async () => {
    const { headers } = await get(['a.txt']);
    const etag = headers.get('etag')!;
    const matching = await get(['a.txt'], { range: 'bytes=0-1', 'if-range': etag });
    expect(matching.status).toBe(206);
    expect((await bytes(matching)).toString()).toBe('01');
    const byDate = await get(['a.txt'], { range: 'bytes=0-1', 'if-range': headers.get('last-modified')! });
    expect(byDate.status).toBe(206);
    for (const ifRange of ['"stale"', `W/${etag}`, 'Thu, 01 Jan 1970 00:00:00 GMT']) {
      const response = await get(['a.txt'], { range: 'bytes=0-1', 'if-range': ifRange });
      expect(response.status, ifRange).toBe(200);
      expect(await bytes(response)).toEqual(text);
    }
  });
});

describe('GET /media: validators', () => {
  it('answers a matching If-None-Match with 304, no body, and the ETag and Cache-Control', async () => {
    const etag = (await get(['a.txt'])).headers.get('etag')!;
    const response = await get(['a.txt'], { 'if-none-match': etag, range: 'bytes=0-1' });
    expect(response.status).toBe(304);
    expect(response.body).toBeNull();
    expect(response.headers.get('etag')).toBe(etag);
    expect(response.headers.get('cache-control')).toBe(
      'public, max-age=86400, stale-while-revalidate=604800, no-transform',
    );
    expect((await get(['a.txt'], { 'if-none-match': '"other"' })).status).toBe(200);
  });

  it('answers If-Modified-Since at or after Last-Modified with 304', async () => {
    const lastModified = (await get(['a.txt'])).headers.get('last-modified')!;
    expect((await get(['a.txt'], { 'if-modified-since': lastModified })).status).toBe(304);
    expect((await get(['a.txt'], { 'if-modified-since': 'Thu, 01 Jan 1970 00:00:00 GMT' })).status).toBe(200);
  });

  it('changes the ETag when the file changes, in place or replaced with the same size and mtime', async () => {
    const file = path.join(media, 'changing.txt');
    writeFileSync(file, 'version one');
    const first = (await get(['changing.txt'])).headers.get('etag');
    writeFileSync(file, 'version two!');
    const second = (await get(['changing.txt'])).headers.get('etag');
    expect(second).not.toBe(first);
    expect((await get(['changing.txt'], { 'if-none-match': first! })).status).toBe(200);

    const { atime, mtime } = statSync(file);
    writeFileSync(`${file}.tmp`, 'version 3!!!');
    utimesSync(`${file}.tmp`, atime, mtime);
    renameSync(`${file}.tmp`, file);
    const third = (await get(['changing.txt'])).headers.get('etag');
    expect(third).not.toBe(second);
    expect(await (await get(['changing.txt'])).text()).toBe('version 3!!!');
  });
});

describe('HEAD /media', () => {
  it('answers the headers of a GET with no body', async () => {
    const [getResponse, headResponse] = [await get(['a.txt']), await head(['a.txt'])];
    expect(headResponse.status).toBe(200);
    expect(headResponse.body).toBeNull();
    for (const name of [
      'content-type',
      'content-length',
      'etag',
      'last-modified',
      'accept-ranges',
      'cache-control',
      'content-security-policy',
      'x-content-type-options',
    ]) {
      expect(headResponse.headers.get(name), name).toBe(getResponse.headers.get(name));
    }
  });

  it('ignores Range (defined for GET only) and honours If-None-Match', async () => {
    const response = await head(['a.txt'], { range: 'bytes=0-1' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-length')).toBe(String(text.length));
    const etag = response.headers.get('etag')!;
    expect((await head(['a.txt'], { 'if-none-match': etag })).status).toBe(304);
    await expectNotFound(await head(['missing.txt']));
  });
});

describe('GET /media: streaming', () => {
  const size = 20 * 1024 * 1024;
  const big = Buffer.alloc(size);
  for (let i = 0; i < size; i += 4) big.writeUInt32LE(i, i);
  writeFileSync(path.join(media, 'big.mp4'), big);

  it('streams a 20 MB file: the first chunk arrives alone, the rest is never read whole', async () => {
    const response = await get(['big.mp4']);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('video/mp4');
    expect(response.headers.get('content-length')).toBe(String(size));
    expect(response.body).toBeInstanceOf(ReadableStream);
    const reader = response.body!.getReader();
    const { value, done } = await reader.read();
    expect(done).toBe(false);
    expect(value!.byteLength).toBeGreaterThan(0);
    expect(value!.byteLength).toBeLessThanOrEqual(1024 * 1024);
    expect(Buffer.from(value!)).toEqual(big.subarray(0, value!.byteLength));
    await reader.cancel();
    expect(wholeReads).toEqual([]);
  });

  it('streams a range deep inside the big file', async () => {
    const start = 15 * 1024 * 1024 + 3;
    const response = await get(['big.mp4'], { range: `bytes=${start}-${start + 99_999}` });
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe(`bytes ${start}-${start + 99_999}/${size}`);
    expect(await bytes(response)).toEqual(big.subarray(start, start + 100_000));
    expect(wholeReads).toEqual([]);
  });
});
