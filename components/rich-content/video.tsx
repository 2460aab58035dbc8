import type { ReactNode } from 'react';
import { isMediaFileUrl, resolveImage, resolveMediaFile } from '@/lib/blog/media';
import { int, rec } from './fields';
import { safeHref } from './safe-href';
import { hostedVideo } from './video-hosts';

interface VideoProps {
  /** Rich-content `V1Media` of the video and of its thumbnail. */
  media: unknown;
  thumbnail?: unknown;
  title?: string;
}

const frameSize = (media: unknown, thumbnail: unknown) => {
  const m = rec(media);
  const t = rec(thumbnail);
  const w = int(m.width, 1, 10000) ?? int(t.width, 1, 10000);
  const h = int(m.height, 1, 10000) ?? int(t.height, 1, 10000);
  return w && h ? { width: 640, height: Math.round((640 * h) / w) } : { width: 640, height: 360 };
};

/** A YouTube/Vimeo iframe on the privacy player, a native <video> for files, or a thumbnail link. */
export function VideoPlayer({ media, thumbnail, title }: VideoProps): ReactNode {
  const url = resolveMediaFile(rec(media).src);
  if (!url) return null;
  const size = frameSize(media, thumbnail);
  const hosted = hostedVideo(url);
  if (hosted) return <HostedVideoFrame embedUrl={hosted.embedUrl} title={title ?? `${hosted.provider} video`} {...size} />;

  const poster = resolveImage(rec(thumbnail).src, rec(thumbnail), 1280);
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
      {poster && <img src={poster.src} width={poster.width} height={poster.height} alt="" loading="lazy" decoding="async" />}
      <span className="rc-video-link-title">{title ?? href}</span>
    </a>
  );
}

export function HostedVideoFrame({ embedUrl, title, width, height }: { embedUrl: string; title: string; width: number; height: number }) {
  return (
    <iframe
      className="rc-video-frame"
      src={embedUrl}
      title={title}
      width={width}
      height={height}
      loading="lazy"
      sandbox="allow-scripts allow-same-origin allow-presentation allow-popups"
      allow="encrypted-media; picture-in-picture; fullscreen"
      allowFullScreen
      referrerPolicy="strict-origin-when-cross-origin"
    />
  );
}
