import type { ReactNode } from 'react';
import { resolveImage } from '@/lib/blog/view';
import { rec } from './fields';

const CONTENT_WIDTH = 768;

interface ImgProps {
  /** A rich-content `V1Media` (`{ src, width, height }`). */
  media: unknown;
  alt: string;
  /** The first image of the document loads eagerly with high priority; the rest lazily. */
  priority?: boolean;
  displayWidth?: number;
  className?: string;
}

/** An <img> with CDN srcset, intrinsic size and loading hints, or `null` when the source is unusable. */
export function Img({ media, alt, priority = false, displayWidth, className }: ImgProps): ReactNode {
  const m = rec(media);
  const image = resolveImage(m.src, m, displayWidth);
  if (!image) return null;
  const slot = Math.min(displayWidth ?? CONTENT_WIDTH, CONTENT_WIDTH);
  return (
    <img
      className={className ?? 'rc-img'}
      src={image.src}
      {...(image.srcSet && { srcSet: image.srcSet, sizes: `(max-width: ${slot}px) 100vw, ${slot}px` })}
      width={image.width}
      height={image.height}
      alt={alt}
      {...(priority ? { fetchPriority: 'high' as const } : { loading: 'lazy' as const, decoding: 'async' as const })}
    />
  );
}
