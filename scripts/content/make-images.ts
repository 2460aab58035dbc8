import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CONFETTI, PAGE_LOAD, confetti, confettiPalette, pageLoad } from './animations';
import { encodeGif } from './gif';
import { encodeH264, rgbToYuv } from './h264';
import { designs } from './images';
import { budgetFile, chimeFile, gifFile, images, shapeFile, videoFile, type ImageKey } from './media';
import { muxMp4 } from './mp4';
import { encodePng } from './png';

// Draws every file of content/media/ (run: npx tsx scripts/content/make-images.ts [dir]).

const MAX_BYTES = 40 * 1024;
const MAX_ANIMATION_BYTES = 512 * 1024;

function waveSvg(): string {
  const { width, height } = shapeFile;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}"><path d="M0 60 C 100 0, 100 120, 200 60 S 300 0, 400 60 V 120 H 0 Z" fill="currentColor"/></svg>\n`;
}

/** Two soft notes (A5 then E6), 8 kHz 8-bit mono PCM. */
function chimeWav(): Buffer {
  const rate = 8000;
  const samples = rate * chimeFile.seconds;
  const data = Buffer.alloc(samples);
  for (let i = 0; i < samples; i++) {
    const time = i / rate;
    const [frequency, start] = time < 0.6 ? [880, 0] : [1318.5, 0.6];
    const envelope = Math.exp(-(time - start) * 4);
    data[i] = 128 + Math.round(90 * envelope * Math.sin(2 * Math.PI * frequency * time));
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + samples, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate, 28);
  header.writeUInt16LE(1, 32);
  header.writeUInt16LE(8, 34);
  header.write('data', 36);
  header.writeUInt32LE(samples, 40);
  return Buffer.concat([header, data]);
}

const budgetCsv = `metric,budget,warn at,measured on
Largest Contentful Paint (p75),2.5 s,2.2 s,field data
Interaction to Next Paint (p75),200 ms,170 ms,field data
Cumulative Layout Shift (p75),0.1,0.08,field data
Time to First Byte (p75),800 ms,600 ms,field data
JavaScript per route (compressed),170 KB,150 KB,CI build
CSS per route (compressed),50 KB,40 KB,CI build
Hero image (bytes),120 KB,100 KB,CI build
Web fonts (total),100 KB,80 KB,CI build
`;

export function pageLoadMp4(): Buffer {
  const { width, height } = videoFile;
  const frames = Array.from({ length: PAGE_LOAD.seconds * PAGE_LOAD.fps }, (_, i) =>
    rgbToYuv(width, height, (x, y) => pageLoad(x, y, width, height, i / PAGE_LOAD.fps)),
  );
  return muxMp4(encodeH264(width, height, frames), width, height, PAGE_LOAD.fps);
}

export function confettiGif(): Buffer {
  const { width, height } = gifFile;
  const frames = Array.from({ length: CONFETTI.frames }, (_, frame) => {
    const pixels = new Uint8Array(width * height);
    for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) pixels[y * width + x] = confetti(x, y, frame);
    return { pixels, delayCs: CONFETTI.delayCs };
  });
  return encodeGif(width, height, confettiPalette, frames);
}

const checkSize = (name: string, data: Buffer, max: number) => {
  if (data.length > max) throw new Error(`${name} is ${data.length} bytes, over the ${max} budget`);
  return data;
};

export async function makeMedia(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  for (const [key, image] of Object.entries(images) as Array<[ImageKey, (typeof images)[ImageKey]]>) {
    const png = encodePng(image.width, image.height, designs[key]);
    if (png.length > MAX_BYTES) throw new Error(`${image.file} is ${png.length} bytes, over the ${MAX_BYTES} budget`);
    await writeFile(path.join(dir, image.file), png);
  }
  await writeFile(path.join(dir, shapeFile.file), waveSvg());
  await writeFile(path.join(dir, chimeFile.file), chimeWav());
  await writeFile(path.join(dir, budgetFile.file), budgetCsv);
  await writeFile(path.join(dir, videoFile.file), checkSize(videoFile.file, pageLoadMp4(), MAX_ANIMATION_BYTES));
  await writeFile(path.join(dir, gifFile.file), checkSize(gifFile.file, confettiGif(), MAX_ANIMATION_BYTES));
  const still = encodePng(gifFile.width, gifFile.height, (x, y) => confettiPalette[confetti(x, y, 0)]!);
  await writeFile(path.join(dir, gifFile.still), checkSize(gifFile.still, still, MAX_BYTES));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = path.resolve(process.argv[2] ?? 'content/media');
  await makeMedia(dir);
  console.error(`wrote media to ${dir}`);
}
