import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PostCover } from '@/components/post/post-cover';
import { postImage } from '@/lib/blog/view';
import { reshapePost } from '@/lib/blog/wix/reshape';
import { postMetadata } from '@/lib/edge/seo/post-metadata';
import { restPost } from '../helpers/wix-blog';

// A post whose cover is a video (issue 31; Post.coverMedia.video in @wix/auto_sdk_blog_posts): the post's page plays
// it with the same zero-script player as a video inside a post, titled with the post's title; cards show its poster;
// og:video names a public file. A Wix video known only by its id (wix:video://v1/…) shows its poster.

const post = (video: unknown) =>
  reshapePost(restPost({ heroImage: undefined, media: undefined, coverMedia: { enabled: true, video } }));
const cover = (p: ReturnType<typeof post>) => renderToStaticMarkup(<PostCover post={p} sizes="100vw" />);

describe('a video as the post’s cover', () => {
  it('a YouTube video is the click-to-play facade, with the post’s title and the poster', () => {
    const p = post({
      id: 'yt',
      url: 'https://www.youtube.com/watch?v=CoJ23XNHgG0',
      thumbnail: {
        id: 'poster~mv2.jpg',
        url: 'https://static.wixstatic.com/media/poster~mv2.jpg',
        width: 1280,
        height: 720,
      },
    });
    const html = cover(p);
    expect(html).toContain('class="post__hero post__hero--video"');
    expect(html).toContain('youtube-nocookie.com/embed/CoJ23XNHgG0');
    expect(html).toContain('Hello Wix');
    expect(html).not.toContain('<script');
    expect(postImage(p)?.url).toBe('https://static.wixstatic.com/media/poster~mv2.jpg');
    // A page URL is no video file: no og:video.
    expect(postMetadata(p).openGraph).not.toHaveProperty('videos', expect.anything());
  });

  it('a video file plays in a native player with its poster, and is the og:video', () => {
    const url = 'https://video.wixstatic.com/video/d3dd72_9397/1080p/mp4/file.mp4';
    const p = post({ id: 'file', url, width: 1920, height: 1080 });
    expect(cover(p)).toMatch(/<video class="rc-video-el" controls="" preload="metadata" src="[^"]*file\.mp4"/);
    expect(postMetadata(p).openGraph).toMatchObject({ videos: [{ url, width: 1920, height: 1080 }] });
  });

  it('a Wix video known by its id alone shows its poster, as the cards do', () => {
    const p = post('wix:video://v1/d3dd72_abc/clip.mp4#posterUri=d3dd72_abcf000.jpg&posterWidth=1280&posterHeight=720');
    const html = cover(p);
    expect(html).toMatch(/<img class="post__hero" src="[^"]*d3dd72_abcf000\.jpg/);
    expect(html).not.toContain('<video');
    expect(postImage(p)?.id).toBe('d3dd72_abcf000.jpg');
  });
});
