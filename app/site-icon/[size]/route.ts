import sharp from 'sharp';
import { openMedia } from '@/lib/blog/reads';
import { ICON_SIZES } from '@/lib/edge/seo/site-icons';
import { getSiteSettings } from '@/lib/settings/reads';

// The owner's uploaded icon (Settings → Images → Icon, `/media/…`) as a square PNG of one of ICON_SIZES, made from it
// with sharp (cover-cropped to the centre). 404 for another size, no icon or one kept elsewhere (an https icon is
// linked as it is: lib/edge/seo/site-icons.ts). Cached a day; a new icon is a new media path, so pages name it anew.

type Context = RouteContext<'/site-icon/[size]'>;

const notFound = () => new Response('Not found', { status: 404, headers: { 'Cache-Control': 'no-store' } });

export async function GET(_request: Request, { params }: Context): Promise<Response> {
  const size = Number((await params).size);
  if (!(ICON_SIZES as readonly number[]).includes(size)) return notFound();
  const { icon } = await getSiteSettings();
  if (!icon.startsWith('/media/')) return notFound();
  const file = await openMedia(icon);
  if (!file) return notFound();
  // An icon larger than this is not one; its bytes are not read.
  if (file.size > 10 * 1024 * 1024) {
    await file.close();
    return notFound();
  }
  try {
    const bytes = Buffer.from(await new Response(file.stream(0, file.size - 1)).arrayBuffer());
    const png = await sharp(bytes, { failOn: 'error' }).resize(size, size, { fit: 'cover' }).png().toBuffer();
    return new Response(new Uint8Array(png), {
      headers: {
        'Content-Type': 'image/png',
        'Cache-Control': 'public, max-age=86400',
        'X-Content-Type-Options': 'nosniff',
      },
    });
  } catch {
    // Not an image sharp reads: as if there were none.
    return notFound();
  }
}
