import sharp from 'sharp';
import { errors } from '@/lib/core/errors';
import { MAX_PICTURE_BYTES, PICTURE_SIZE } from './pictures';

// A member's own picture, made from the file they upload: judged by its content alone (what sharp, over libvips,
// decodes it as; never its name or the type its part declared), its first frame turned upright by its EXIF
// orientation, cropped to a square around its middle and resized to PICTURE_SIZE pixels, then encoded anew as WebP.
// Nothing of the upload's bytes passes through: EXIF (a phone photo's place and time), XMP, IPTC, ICC profiles and
// comments are not written (sharp keeps metadata only when asked to), and a file crafted to be something else as well
// (a polyglot) comes out as plain pixels. Loaded only by the picture routes (lib/members/index.ts imports it lazily):
// the native module stays out of everything else that reads members.

/** The most pixels a picture may decode to (a 5 MB PNG can claim gigapixels): 40 MP, a large phone photo's. */
export const MAX_PICTURE_PIXELS = 40_000_000;

/** The formats taken, by sharp's name for what it decoded. */
const FORMATS = new Set(['jpeg', 'png', 'webp', 'gif']);

/** A refused picture: the catalogue's answer, and what the account page says. */
export const pictureErrors = {
  notAnImage: () =>
    errors.notAnImage('the file is not a picture this site takes: a JPEG, PNG, WebP or GIF image, read by its content'),
  tooLarge: () => errors.payloadTooLarge(`a picture is at most ${MAX_PICTURE_BYTES / 1024 / 1024} MB`),
};

/** The member's picture made from an upload: a PICTURE_SIZE square WebP without metadata; refused (400) otherwise. */
export async function squarePicture(bytes: Uint8Array): Promise<Buffer> {
  if (bytes.byteLength > MAX_PICTURE_BYTES) throw pictureErrors.tooLarge();
  if (bytes.byteLength === 0) throw pictureErrors.notAnImage();
  // `failOn: 'error'`: a truncated or corrupt file is refused, not drawn half grey. One frame only (an animated GIF or
  // WebP gives its first), and at most MAX_PICTURE_PIXELS decoded: a decompression bomb is refused before it is drawn.
  const options = { failOn: 'error', limitInputPixels: MAX_PICTURE_PIXELS, pages: 1 } as const;
  const input = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const meta = await sharp(input, options)
    .metadata()
    .catch(() => null);
  if (!meta?.format || !FORMATS.has(meta.format) || !meta.width || !meta.height) throw pictureErrors.notAnImage();
  if (meta.width * meta.height > MAX_PICTURE_PIXELS) throw pictureErrors.notAnImage();
  try {
    return await sharp(input, options)
      .autoOrient()
      .resize(PICTURE_SIZE, PICTURE_SIZE, { fit: 'cover', position: 'centre' })
      .webp({ quality: 82, effort: 4 })
      .toBuffer();
  } catch {
    // It named a format it then could not decode whole (a truncated file): not a picture.
    throw pictureErrors.notAnImage();
  }
}
