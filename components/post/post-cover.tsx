import { postVideo } from '@/lib/blog/view';
import type { Post } from '@/lib/blog/types';
import { VideoPlayer } from '@/components/rich-content/video';
import { PostImage } from './post-image';

/**
 * A post's cover at the top of its page: its image, or, when the cover is a video that can play, the same zero-script
 * player as a video in the post (YouTube and Vimeo as a click-to-play facade, a file as a native <video> with its
 * poster), titled with the post's title. A Wix video known only by its id shows its poster.
 */
export function PostCover({ post, sizes }: { post: Post; sizes: string }) {
  const video = postVideo(post);
  if (!video?.url) return <PostImage post={post} className="post__hero" sizes={sizes} priority />;
  const poster = video.poster;
  return (
    <figure className="post__hero post__hero--video">
      <VideoPlayer
        media={{ src: { url: video.url }, width: video.width, height: video.height }}
        thumbnail={poster && { src: { url: poster.url ?? poster.id }, width: poster.width, height: poster.height }}
        title={post.title}
      />
    </figure>
  );
}
