import type { ReactNode } from 'react';
import { isMediaFileUrl, resolveImage, resolveMediaFile, type ResolvedImage } from '@/lib/blog/view';
import { int, rec } from './fields';
import { FrameFacade } from './frame-facade';
import { safeHref } from './safe-href';
import { hostedVideo, type HostedVideo } from './video-hosts';

interface VideoProps {
  /** Rich-content `V1Media` of the video and of its thumbnail. */
  media: unknown;
  thumbnail?: unknown;
  title?: string;
}

const POSTER_WIDTH = 1280;

const frameSize = (media: unknown, thumbnail: unknown) => {
  const m = rec(media);
  const t = rec(thumbnail);
  const w = int(m.width, 1, 10000) ?? int(t.width, 1, 10000);
  const h = int(m.height, 1, 10000) ?? int(t.height, 1, 10000);
  return w && h ? { width: 640, height: Math.round((640 * h) / w) } : { width: 640, height: 360 };
};

/** The YouTube or Vimeo video a rich-content `V1Media` points at, if any. */
export const hostedVideoOf = (media: unknown): HostedVideo | null => hostedVideo(resolveMediaFile(rec(media).src));

/** A YouTube/Vimeo facade that loads the privacy player on request, a native <video> for files, or a thumbnail link. */
export function VideoPlayer({ media, thumbnail, title }: VideoProps): ReactNode {
  const url = resolveMediaFile(rec(media).src);
  if (!url) return null;
  const size = frameSize(media, thumbnail);
  const poster = resolveImage(rec(thumbnail).src, rec(thumbnail), POSTER_WIDTH);
  const hosted = hostedVideo(url);
  if (hosted)
    return <HostedVideoFacade video={hosted} title={title ?? `${hosted.provider} video`} poster={poster} {...size} />;

  if (isMediaFileUrl(url)) {
    return (
      <video className="rc-video-el" controls preload="metadata" src={url} poster={poster?.src} {...size} title={title}>
        <a href={url}>{title ?? 'Download the video'}</a>
      </video>
    );
  }
  const href = safeHref(url);
  if (!href) return null;
  return (
    <a className="rc-video-link" href={href} target="_blank" rel="noopener noreferrer">
      {poster && (
        <img src={poster.src} width={poster.width} height={poster.height} alt="" loading="lazy" decoding="async" />
      )}
      <span className="rc-video-link-title">{title ?? href}</span>
    </a>
  );
}

/** The player's URL that starts playing: the reader has just asked for it. */
const autoplay = (embedUrl: string) => {
  const url = new URL(embedUrl);
  url.searchParams.set('autoplay', '1');
  return url.href;
};

interface HostedVideoFacadeProps {
  video: HostedVideo;
  title: string;
  /** The node's own thumbnail; none means a plain panel (we never fetch one the node does not name). */
  poster?: ResolvedImage | null;
  width: number;
  height: number;
}

export function HostedVideoFacade({ video, title, poster, width, height }: HostedVideoFacadeProps) {
  return (
    <FrameFacade
      className="rc-video-frame"
      kind="video"
      src={autoplay(video.embedUrl)}
      title={title}
      action="Play video"
      poster={poster}
      // The players need their own origin (storage, cookies of their own) to play.
      sandbox="allow-scripts allow-same-origin allow-presentation allow-popups"
      allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
      width={width}
      height={height}
      ratio
    />
  );
}
