import { PAGE_LOAD, pageLoad } from './animations';
import type { Pixel } from './png';
import type { ImageKey } from './media';

// Flat colours and hard edges on purpose: they keep each PNG far under the 40 KB budget.

type Rgb = readonly [number, number, number];

const hex = (value: string): Rgb => [
  parseInt(value.slice(1, 3), 16),
  parseInt(value.slice(3, 5), 16),
  parseInt(value.slice(5, 7), 16),
];
const mix = (a: Rgb, b: Rgb, t: number): Rgb =>
  [0, 1, 2].map((i) => Math.round(a[i]! + (b[i]! - a[i]!) * t)) as unknown as Rgb;
/** A gradient in `steps` flat bands. */
const bands = (a: Rgb, b: Rgb, t: number, steps = 10): Rgb =>
  mix(a, b, Math.min(steps - 1, Math.floor(t * steps)) / (steps - 1));
const cell = (i: number, j: number) => (((i * 73856093) ^ (j * 19349663)) >>> 0) % 1000;

const navy = hex('#0F1B3D');
const teal = hex('#1B7A8C');

export const designs: Record<ImageKey, Pixel> = {
  waves: (x, y) => {
    const layers = [hex('#2A6F97'), hex('#468FAF'), hex('#89C2D9')];
    for (let k = layers.length - 1; k >= 0; k--) {
      const edge = 330 + k * 90 + 40 * Math.sin(x / (110 + k * 30) + k * 1.7);
      if (y > edge) return layers[k]!;
    }
    return bands(navy, teal, y / 630);
  },
  grid: (x, y) => {
    const [i, j] = [Math.floor(x / 75), Math.floor(y / 75)];
    if (x % 75 < 5 || y % 75 < 5) return hex('#F4F7F6');
    const palette = [hex('#2D6A4F'), hex('#40916C'), hex('#52B788'), hex('#1B4965'), hex('#5FA8D3')];
    return palette[cell(i, j) % palette.length]!;
  },
  circles: (x, y) => {
    const ring = Math.floor(Math.hypot(x + 100, y - 315) / 45);
    const palette = [hex('#F6BD60'), hex('#F7EDE2'), hex('#F5CAC3'), hex('#84A59D'), hex('#F28482')];
    return palette[ring % palette.length]!;
  },
  stripes: (x, y) => {
    const palette = [hex('#E76F51'), hex('#F4A261'), hex('#E9C46A'), hex('#2A9D8F')];
    return palette[Math.floor((x + y) / 60) % palette.length]!;
  },
  bars: (x, y) => {
    const bar = Math.floor((x - 60) / 90);
    const inBar = x >= 60 && x < 1140 && (x - 60) % 90 < 62;
    const height = 120 + ((bar * 137) % 7) * 55;
    if (inBar && y > 570 - height && y < 570) return bar % 4 === 3 ? hex('#E63946') : hex('#457B9D');
    if (y === 570 || y === 571) return hex('#1D3557');
    return y % 100 === 70 ? hex('#DDE6EE') : hex('#F1FAEE');
  },
  sunset: (x, y) => {
    const hill = 470 - 60 * Math.sin(x / 190) - 25 * Math.sin(x / 67 + 1);
    if (y > hill + 60) return hex('#3D2C5E');
    if (y > hill) return hex('#5B3F7A');
    if (Math.hypot(x - 780, y - 400) < 130) return hex('#FFD166');
    return bands(hex('#FF7B54'), hex('#FFB26B'), y / 470, 8);
  },
  triangles: (x, y) => {
    const [i, j] = [Math.floor(x / 90), Math.floor(y / 90)];
    const upper = x % 90 > y % 90 ? 1 : 0;
    const palette = [hex('#606C38'), hex('#283618'), hex('#A3B18A'), hex('#DDA15E'), hex('#588157')];
    return palette[cell(i * 2 + upper, j) % palette.length]!;
  },
  dots: (x, y) => {
    const [cx, cy] = [Math.floor(x / 40) * 40 + 20, Math.floor(y / 40) * 40 + 20];
    const radius = 3 + 13 * (1 - Math.min(1, Math.hypot(cx - 600, cy - 315) / 650));
    return Math.hypot(x - cx, y - cy) < radius ? hex('#FFB703') : hex('#023047');
  },
  mosaic: (x, y) => {
    const depth = Math.floor(Math.min(x, y, 799 - x, 799 - y) / 130);
    const palette = [hex('#FFE8D6'), hex('#FFB997'), hex('#F67E7D'), hex('#843B62')];
    return palette[Math.min(depth, palette.length - 1)]!;
  },
  blocks: (x, y) => {
    if (
      [250, 530].some((v) => Math.abs(x - v) < 9) ||
      [310, 620].some((v) => Math.abs(y - v) < 9) ||
      (x > 530 && Math.abs(y - 150) < 9)
    )
      return hex('#111111');
    if (x < 250 && y < 310) return hex('#D62828');
    if (x > 530 && y > 620) return hex('#003049');
    if (x > 250 && x < 530 && y > 310 && y < 620) return hex('#FCBF49');
    return hex('#F7F3E8');
  },
  waterfall: (x, y) => {
    const row = Math.floor((y - 40) / 38);
    if (y >= 40 && row < 13 && (y - 40) % 38 >= 8 && (y - 40) % 38 < 30) {
      const start = 60 + ((row * 53) % 260) + row * 22;
      const parts: Array<[number, Rgb]> = [
        [row % 3 === 0 ? 30 : 0, hex('#2A9D8F')],
        [row % 3 === 0 ? 45 : 0, hex('#F4A261')],
        [80 + ((row * 31) % 120), hex('#8AB17D')],
        [40 + ((row * 17) % 90), hex('#457B9D')],
      ];
      let from = start;
      for (const [width, color] of parts) {
        if (x >= from && x < from + width) return color;
        from += width;
      }
    }
    return x % 100 === 0 ? hex('#E5E5E5') : hex('#FFFFFF');
  },
  // The demo video's last frame, so the poster shows what the video ends on.
  poster: (x, y) => pageLoad(x, y, 1280, 720, PAGE_LOAD.seconds),
  editor: (x, y) => {
    const box = (left: number, top: number, right: number, bottom: number) =>
      x >= left && x < right && y >= top && y < bottom;
    if (!box(150, 40, 1050, 630)) return hex('#DCE6FB');
    if (box(210, 90, 700, 130)) return hex('#1D3557');
    if ([760, 720, 540].some((width, i) => box(210, 160 + i * 25, 210 + width, 172 + i * 25))) return hex('#C5CED8');
    if (box(210, 250, 560, 450)) {
      const layers = [hex('#2A6F97'), hex('#468FAF'), hex('#89C2D9')];
      for (let k = layers.length - 1; k >= 0; k--)
        if (y > 330 + k * 38 + 18 * Math.sin(x / 45 + k * 1.7)) return layers[k]!;
      return hex('#0F1B3D');
    }
    if (box(600, 250, 990, 450)) {
      if ((x - 600) % 130 < 3 || (y - 250) % 50 < 3 || x >= 987 || y >= 447) return hex('#9FB3D9');
      return y < 300 ? hex('#EEF4FF') : hex('#FFFFFF');
    }
    if (box(210, 480, 640, 560)) {
      if (x < 220) return hex('#FFB703');
      return [0, 1].some((i) => box(245, 502 + i * 25, 600 - i * 90, 512 + i * 25)) ? hex('#E0B36A') : hex('#FFF4E5');
    }
    if (box(680, 490, 860, 540)) return box(710, 510, 830, 520) ? hex('#FFFFFF') : hex('#1F4FD8');
    for (let i = 0; i < 2; i++) {
      if (box(900, 482 + i * 40, 926, 508 + i * 40))
        return i === 0 || !box(904, 486 + i * 40, 922, 504 + i * 40) ? hex('#1F4FD8') : hex('#FFFFFF');
      if (box(940, 490 + i * 40, 1010 - i * 20, 500 + i * 40)) return hex('#C5CED8');
    }
    if (box(210, 590, 990, 630)) {
      const code = [hex('#F4A261'), hex('#8AB17D'), hex('#5FA8D3')];
      return box(240, 606, 300, 616)
        ? code[0]!
        : box(312, 606, 470, 616)
          ? code[1]!
          : box(482, 606, 560, 616)
            ? code[2]!
            : hex('#0F1B3D');
    }
    return hex('#FFFFFF');
  },
  eventLoop: (x, y) => {
    const [dx, dy] = [x - 440, y - 360];
    const distance = Math.hypot(dx, dy);
    const degrees = ((Math.atan2(dy, dx) * 180) / Math.PI + 450) % 360;
    if (
      Math.hypot(x - (440 + 200 * Math.sin((120 * Math.PI) / 180)), y - (360 - 200 * Math.cos((120 * Math.PI) / 180))) <
      24
    )
      return hex('#FFFFFF');
    if (distance > 170 && distance < 230) {
      const arcs: Array<[number, number, Rgb]> = [
        [2, 198, hex('#5FA8D3')],
        [202, 288, hex('#F4A261')],
        [292, 358, hex('#8AB17D')],
      ];
      for (const [from, to, color] of arcs) if (degrees >= from && degrees < to) return color;
    }
    const legend = [hex('#5FA8D3'), hex('#F4A261'), hex('#8AB17D')];
    for (let i = 0; i < 3; i++) {
      const top = 250 + i * 90;
      if (x >= 780 && x < 820 && y >= top && y < top + 40) return legend[i]!;
      if (x >= 850 && x < 850 + [260, 200, 230][i]! && y >= top + 11 && y < top + 29) return hex('#DCE6FB');
    }
    return bands(hex('#0B1E3F'), hex('#1E4D8C'), (x + y) / 2000, 12);
  },
  avatarMaya: (x, y) => {
    const ring = Math.floor(Math.hypot(x - 47.5, y - 47.5) / 12);
    return [hex('#1B7A8C'), hex('#F2E3BC'), hex('#1B7A8C'), hex('#0F1B3D')][Math.min(ring, 3)]!;
  },
  avatarTomas: (x, y) => [hex('#F28482'), hex('#F7EDE2'), hex('#1D3557')][Math.floor((x + y) / 32) % 3]!,
  avatarPriya: (x, y) => {
    if (Math.hypot(x - 47.5, y - 47.5) < 18) return hex('#FFD166');
    return x < 48 === y < 48 ? hex('#843B62') : hex('#F6BD60');
  },
};
