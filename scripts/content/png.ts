import { PNG } from 'pngjs';

// The generated demo images as 8-bit RGB PNGs, encoded by pngjs.

export type Pixel = (x: number, y: number) => readonly [number, number, number];

export function encodePng(width: number, height: number, pixel: Pixel): Buffer {
  const png = new PNG({ width, height });
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 4;
      const [r, g, b] = pixel(x, y);
      png.data[at] = r;
      png.data[at + 1] = g;
      png.data[at + 2] = b;
      png.data[at + 3] = 255;
    }
  }
  // Opaque RGB out (colour type 2); every filter tried per row; zlib's default strategy, which beats pngjs's RLE
  // default on these flat-coloured images.
  return PNG.sync.write(png, { colorType: 2, deflateLevel: 9, deflateStrategy: 0 });
}
