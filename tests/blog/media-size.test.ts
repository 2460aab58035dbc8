import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { createLocalSource } from '@/lib/blog/local';
import { makePost, writeContentDir } from '../helpers/posts';

const dir = writeContentDir([makePost(1)]);
mkdirSync(path.join(dir, 'media', 'covers'), { recursive: true });
writeFileSync(path.join(dir, 'media', 'covers', 'hero image.png'), Buffer.alloc(1234));
writeFileSync(path.join(dir, 'media', 'a.png'), Buffer.alloc(77));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const source = createLocalSource(dir);

const sizeOf = async (mediaPath: string) => {
  const file = await source.openMedia(mediaPath);
  await file?.close();
  return file ? file.size : null;
};

it('opens a media file by its /media/ path or bare name, with its size and stamp', async () => {
  expect(await sizeOf('/media/a.png')).toBe(77);
  expect(await sizeOf('a.png')).toBe(77);
  const file = (await source.openMedia('/media/a.png'))!;
  expect(file.stamp.size).toBe(77n);
  expect((await new Response(file.stream(0, 9)).arrayBuffer()).byteLength).toBe(10);
});

it('null for what is not a plain file of the media folder', async () => {
  for (const p of [
    '/media/missing.png',
    '/media/covers',
    '/media/../posts/post-0001.json',
    '/etc/passwd',
    'https://x.test/a.png',
    '/media/covers/hero image.png',
  ]) {
    expect(await sizeOf(p), p).toBeNull();
  }
});
