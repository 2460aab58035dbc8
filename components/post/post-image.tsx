import { postImage, resolveImage } from '@/lib/blog/view';
import type { Post } from '@/lib/blog/types';

interface PostImageProps {
  post: Post;
  /** The width the image is shown at, in CSS pixels, for `sizes`. */
  sizes: string;
  priority?: boolean;
  className?: string;
}

export function PostImage({ post, sizes, priority = false, className }: PostImageProps) {
  const image = postImage(post);
  const resolved = image && resolveImage(image.url ?? image.id, { width: image.width, height: image.height });
  if (!resolved) return null;
  return (
    <img
      className={className}
      src={resolved.src}
      srcSet={resolved.srcSet}
      sizes={resolved.srcSet ? sizes : undefined}
      width={resolved.width}
      height={resolved.height}
      alt={image.altText ?? ''}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={priority ? 'high' : undefined}
    />
  );
}
