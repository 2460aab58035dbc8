import { prng } from '@/lib/core/random';

// The moving pictures of content/media: a page loading in a browser window (the demo video, whose last frame is
// also its poster) and falling confetti (the demo GIF). Flat colours and hard edges, like the still images.

export type Rgb = readonly [number, number, number];

const hex = (value: string): Rgb => [
  parseInt(value.slice(1, 3), 16),
  parseInt(value.slice(3, 5), 16),
  parseInt(value.slice(5, 7), 16),
];
const inBox = (x: number, y: number, [left, top, right, bottom]: readonly [number, number, number, number]) =>
  x >= left && x < right && y >= top && y < bottom;

/** The page-load video: seconds it lasts and frames per second. */
export const PAGE_LOAD = { seconds: 5, fps: 12 } as const;

const TEXT_LINES = [130, 122, 134, 96, 118];

/**
 * One pixel of the page-load video at `time` seconds, for a frame of `width` x `height`: a browser window whose
 * page paints its header (first paint at 0.7 s), its heading and text, then the hero image in the space held for
 * it (the largest contentful paint at 2.6 s) and a button, while the progress bar runs.
 */
export function pageLoad(x: number, y: number, width: number, height: number, time: number): Rgb {
  // Drawn on a 320 x 180 grid whatever the output size.
  const X = (x * 320) / width;
  const Y = (y * 180) / height;
  if (!inBox(X, Y, [18, 14, 302, 170])) {
    const t = Math.min(11, Math.floor(((X + Y) / 500) * 12)) / 11;
    return [Math.round(11 + t * 19), Math.round(30 + t * 47), Math.round(63 + t * 77)];
  }
  if (Y < 30) {
    const dots = [hex('#FF5F57'), hex('#FEBC2E'), hex('#28C840')];
    for (let i = 0; i < 3; i++) if (Math.hypot(X - (28 + i * 10), Y - 22) < 3) return dots[i]!;
    return inBox(X, Y, [62, 18, 290, 26]) ? hex('#FFFFFF') : hex('#DDE3EA');
  }
  if (Y < 32) return time < 3 && X < 18 + 284 * Math.min(1, time / 2.8) ? hex('#1F4FD8') : hex('#FFFFFF');
  if (time < 0.7) return hex('#FFFFFF');
  if (Y < 48) {
    if (inBox(X, Y, [26, 36, 38, 44])) return hex('#FFB703');
    if ([220, 248, 276].some((left) => inBox(X, Y, [left, 38, left + 18, 42]))) return hex('#9FB3D9');
    return hex('#0F1B3D');
  }
  if (inBox(X, Y, [176, 58, 294, 140])) {
    if (time < 2.6) return hex('#EEF1F5');
    const [u, v] = [(X - 176) / 118, (Y - 58) / 82];
    const hill = 0.72 - 0.1 * Math.sin(u * 5.5) - 0.04 * Math.sin(u * 17 + 1);
    if (v > hill + 0.1) return hex('#3D2C5E');
    if (v > hill) return hex('#5B3F7A');
    if (Math.hypot((u - 0.65) * 1.44, v - 0.6) < 0.2) return hex('#FFD166');
    return v < 0.3 ? hex('#FF7B54') : v < 0.5 ? hex('#FF9460') : hex('#FFB26B');
  }
  if (time >= 1.1 && inBox(X, Y, [30, 60, 150, 70])) return hex('#1D3557');
  for (let i = 0; i < TEXT_LINES.length; i++)
    if (time >= 1.4 + i * 0.2 && inBox(X, Y, [30, 80 + i * 10, 30 + TEXT_LINES[i]!, 84 + i * 10]))
      return hex('#C5CED8');
  if (time >= 3 && inBox(X, Y, [30, 140, 80, 152])) return hex('#1F4FD8');
  return hex('#FFFFFF');
}

/** The confetti GIF: its palette and frames (a seamless loop). */
export const CONFETTI = { frames: 16, delayCs: 8 } as const;
export const confettiPalette: Rgb[] = [
  '#0F1B3D',
  '#FFD166',
  '#EF476F',
  '#06D6A0',
  '#118AB2',
  '#F78C6B',
  '#FFFFFF',
  '#FCA311',
].map(hex);

const pieces = (() => {
  const random = prng('confetti');
  return Array.from({ length: 70 }, () => ({
    x: random() * 320,
    y: random() * 180,
    laps: 1 + Math.floor(random() * 2),
    sway: random() * Math.PI * 2,
    wide: random() < 0.5,
    color: 2 + Math.floor(random() * 5),
  }));
})();

/** The palette index of one pixel of confetti frame `frame` (320 x 180): pieces fall around a pulsing star. */
export function confetti(x: number, y: number, frame: number): number {
  const phase = (frame / CONFETTI.frames) * Math.PI * 2;
  for (const piece of pieces) {
    const px = piece.x + 6 * Math.sin(phase + piece.sway);
    const py = (piece.y + (piece.laps * 180 * frame) / CONFETTI.frames) % 180;
    const [w, h] = piece.wide ? [5, 3] : [3, 5];
    if (x >= Math.round(px) && x < Math.round(px) + w && y >= Math.round(py) && y < Math.round(py) + h)
      return piece.color;
  }
  // A five-pointed star: the radius swings between the inner and outer radius five times around.
  const [dx, dy] = [x - 160, y - 92];
  const radius = 36 + 4 * Math.sin(phase);
  const angle = Math.atan2(dy, dx) + Math.PI / 2;
  const spike = Math.abs((((((angle / (Math.PI * 2)) * 5) % 1) + 1) % 1) - 0.5) * 2;
  const edge = radius * (0.45 + 0.55 * spike);
  const distance = Math.hypot(dx, dy);
  if (distance < edge) return distance < edge - 4 ? 1 : 7;
  return 0;
}
