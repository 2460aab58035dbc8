import type { Metadata } from 'next';

// The owner's icon as every page's favicon and home-screen icon. An uploaded icon (`/media/…`) is served in the sizes
// browsers ask for, made from it by app/site-icon/[size] (32 px for tabs, 180 px for Apple's home screen, 192 and
// 512 px for Android's); an https icon is linked as it is. None: Next's app/icon.svg.

/** The sizes app/site-icon/[size] makes. */
export const ICON_SIZES = [32, 180, 192, 512] as const;

export const siteIconPath = (size: number) => `/site-icon/${size}`;

export function siteIcons(icon: string): Metadata['icons'] {
  if (!icon) return undefined;
  if (!icon.startsWith('/media/')) return { icon, apple: icon };
  return {
    icon: [32, 192, 512].map((size) => ({ url: siteIconPath(size), sizes: `${size}x${size}`, type: 'image/png' })),
    apple: [{ url: siteIconPath(180), sizes: '180x180', type: 'image/png' }],
  };
}
