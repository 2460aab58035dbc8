// A minimal animated GIF encoder (GIF89a, one global palette, LZW), enough for the generated demo GIF.
// A frame after the first only carries the rectangle that changed since the frame before it.

type Rgb = readonly [number, number, number];

/** Palette indices, one byte per pixel, row by row. */
export interface GifFrame {
  pixels: Uint8Array;
  /** How long the frame shows, in hundredths of a second. */
  delayCs: number;
}

function lzw(indices: Uint8Array, minCodeSize: number): Buffer {
  const clear = 1 << minCodeSize;
  const end = clear + 1;
  const out: number[] = [];
  let codeSize = minCodeSize + 1;
  let next = end + 1;
  let table = new Map<number, number>();
  let buffer = 0;
  let bits = 0;
  const emit = (code: number) => {
    buffer |= code << bits;
    bits += codeSize;
    while (bits >= 8) {
      out.push(buffer & 0xff);
      buffer >>>= 8;
      bits -= 8;
    }
  };
  emit(clear);
  let prefix = indices[0]!;
  for (let i = 1; i < indices.length; i++) {
    const key = prefix * 256 + indices[i]!;
    const known = table.get(key);
    if (known !== undefined) {
      prefix = known;
      continue;
    }
    emit(prefix);
    if (next === 4096) {
      emit(clear);
      table = new Map();
      next = end + 1;
      codeSize = minCodeSize + 1;
    } else {
      if (next >= 1 << codeSize) codeSize++;
      table.set(key, next++);
    }
    prefix = indices[i]!;
  }
  emit(prefix);
  emit(end);
  if (bits > 0) out.push(buffer & 0xff);
  const blocks: Buffer[] = [Buffer.from([minCodeSize])];
  for (let i = 0; i < out.length; i += 255) {
    const block = out.slice(i, i + 255);
    blocks.push(Buffer.from([block.length, ...block]));
  }
  blocks.push(Buffer.from([0]));
  return Buffer.concat(blocks);
}

const u16 = (value: number) => Buffer.from([value & 0xff, value >> 8]);

/** The smallest rectangle holding every pixel that differs between two frames (a 1 x 1 one when none does). */
function changed(width: number, height: number, a: Uint8Array, b: Uint8Array) {
  let [left, top, right, bottom] = [width, height, -1, -1];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (a[y * width + x] === b[y * width + x]) continue;
      left = Math.min(left, x);
      right = Math.max(right, x);
      top = Math.min(top, y);
      bottom = Math.max(bottom, y);
    }
  }
  return right < 0
    ? { left: 0, top: 0, width: 1, height: 1 }
    : { left, top, width: right - left + 1, height: bottom - top + 1 };
}

/** An endlessly looping GIF. */
export function encodeGif(width: number, height: number, palette: readonly Rgb[], frames: GifFrame[]): Buffer {
  const depth = Math.max(1, Math.ceil(Math.log2(palette.length)));
  if (depth > 8) throw new Error('a GIF palette holds at most 256 colours');
  const table = Buffer.alloc(3 * (1 << depth));
  palette.forEach(([r, g, b], i) => table.set([r, g, b], i * 3));
  const parts: Buffer[] = [
    Buffer.from('GIF89a', 'ascii'),
    u16(width),
    u16(height),
    Buffer.from([0x80 | ((depth - 1) << 4) | (depth - 1), 0, 0]),
    table,
    Buffer.concat([Buffer.from([0x21, 0xff, 0x0b]), Buffer.from('NETSCAPE2.0', 'ascii'), Buffer.from([3, 1, 0, 0, 0])]),
  ];
  let previous: Uint8Array | null = null;
  for (const frame of frames) {
    const area = previous ? changed(width, height, previous, frame.pixels) : { left: 0, top: 0, width, height };
    const pixels = new Uint8Array(area.width * area.height);
    for (let y = 0; y < area.height; y++)
      pixels.set(
        frame.pixels.subarray((area.top + y) * width + area.left, (area.top + y) * width + area.left + area.width),
        y * area.width,
      );
    parts.push(
      Buffer.from([0x21, 0xf9, 4, 1 << 2]), // graphic control: leave the frame in place for the next one to paint over
      u16(frame.delayCs),
      Buffer.from([0, 0]),
      Buffer.from([0x2c]),
      u16(area.left),
      u16(area.top),
      u16(area.width),
      u16(area.height),
      Buffer.from([0]),
      lzw(pixels, Math.max(2, depth)),
    );
    previous = frame.pixels;
  }
  parts.push(Buffer.from([0x3b]));
  return Buffer.concat(parts);
}
