import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFETTI, PAGE_LOAD } from '@/scripts/content/animations';
import { confettiGif, pageLoadMp4 } from '@/scripts/content/make-images';
import { gifFile, videoFile } from '@/scripts/content/media';
import { CONTENT_DIR } from './helpers';

// The demo's moving pictures are generated like its images: no download, no encoder to install.

const MEDIA = path.join(CONTENT_DIR, 'media');
const read = (file: string) => readFileSync(path.join(MEDIA, file));

/** Top-level ISO BMFF boxes (type, start of body, end), or those inside one box's body. */
function boxes(data: Buffer, start = 0, end = data.length) {
  const out: Array<{ type: string; body: number; end: number }> = [];
  for (let at = start; at < end;) {
    const size = data.readUInt32BE(at);
    out.push({ type: data.toString('ascii', at + 4, at + 8), body: at + 8, end: at + size });
    at += size;
  }
  return out;
}

/** Bytes before the child boxes of a box that has fields of its own. */
const HEADER: Record<string, number> = { stsd: 8, avc1: 78 };

function find(data: Buffer, route: string[]) {
  let scope = { body: 0, end: data.length };
  for (const [i, type] of route.entries()) {
    const found = boxes(data, scope.body, scope.end).find((b) => b.type === type);
    if (!found) throw new Error(`no ${route.join('/')}`);
    scope = { body: found.body + (i < route.length - 1 ? (HEADER[type] ?? 0) : 0), end: found.end };
  }
  return scope;
}

/** The frames of a GIF: each image's rectangle and delay. */
function gifFrames(gif: Buffer) {
  const packed = gif[10]!;
  let at = 13 + (packed & 0x80 ? 3 * (1 << ((packed & 7) + 1)) : 0);
  const skipBlocks = () => {
    while (gif[at]! !== 0) at += gif[at]! + 1;
    at++;
  };
  const frames: Array<{ delayCs: number; width: number; height: number }> = [];
  let delayCs = 0;
  while (gif[at] !== 0x3b) {
    if (gif[at] === 0x21) {
      if (gif[at + 1] === 0xf9) delayCs = gif.readUInt16LE(at + 4);
      at += 2;
      skipBlocks();
    } else if (gif[at] === 0x2c) {
      frames.push({ delayCs, width: gif.readUInt16LE(at + 5), height: gif.readUInt16LE(at + 7) });
      at += 10 + 1;
      skipBlocks();
    } else throw new Error(`unexpected GIF block 0x${gif[at]!.toString(16)} at ${at}`);
  }
  return frames;
}

describe('content/media', () => {
  it('stays small: under 2 MB in all', () => {
    const total = readdirSync(MEDIA).reduce((sum, file) => sum + statSync(path.join(MEDIA, file)).size, 0);
    expect(total).toBeLessThan(2 * 1024 * 1024);
  });

  it('has the H.264 MP4 video scripts/content/make-images.ts encodes, index first, one IDR frame then P frames', () => {
    const mp4 = read(videoFile.file);
    expect(mp4.equals(pageLoadMp4())).toBe(true);
    expect(boxes(mp4).map((b) => b.type)).toEqual(['ftyp', 'moov', 'mdat']);
    const avc1 = find(mp4, ['moov', 'trak', 'mdia', 'minf', 'stbl', 'stsd', 'avc1']);
    expect([mp4.readUInt16BE(avc1.body + 24), mp4.readUInt16BE(avc1.body + 26)]).toEqual([
      videoFile.width,
      videoFile.height,
    ]);
    const avcC = find(mp4, ['moov', 'trak', 'mdia', 'minf', 'stbl', 'stsd', 'avc1', 'avcC']);
    expect([...mp4.subarray(avcC.body, avcC.body + 4)]).toEqual([1, 66, 0xc0, 30]); // Constrained Baseline, level 3.0

    const stsz = find(mp4, ['moov', 'trak', 'mdia', 'minf', 'stbl', 'stsz']);
    const count = mp4.readUInt32BE(stsz.body + 8);
    expect(count).toBe(PAGE_LOAD.seconds * PAGE_LOAD.fps);
    const sizes = Array.from({ length: count }, (_, i) => mp4.readUInt32BE(stsz.body + 12 + 4 * i));
    let at = find(mp4, ['mdat']).body;
    const types = sizes.map((size) => {
      const type = mp4[at + 4]! & 0x1f;
      expect(mp4.readUInt32BE(at)).toBe(size - 4);
      at += size;
      return type;
    });
    expect(types).toEqual([5, ...Array<number>(count - 1).fill(1)]);
  }, 30_000);

  it('has the looping GIF scripts/content/make-images.ts encodes, and a still of it', () => {
    const gif = read(gifFile.file);
    expect(gif.equals(confettiGif())).toBe(true);
    expect(gif.toString('ascii', 0, 6)).toBe('GIF89a');
    expect([gif.readUInt16LE(6), gif.readUInt16LE(8)]).toEqual([gifFile.width, gifFile.height]);
    expect(gif.includes(Buffer.from('NETSCAPE2.0'))).toBe(true);
    const frames = gifFrames(gif);
    expect(frames).toHaveLength(CONFETTI.frames);
    expect(frames[0]).toEqual({ delayCs: CONFETTI.delayCs, width: gifFile.width, height: gifFile.height });
    const still = read(gifFile.still);
    expect([still.readUInt32BE(16), still.readUInt32BE(20)]).toEqual([gifFile.width, gifFile.height]);
  }, 30_000);
});
