import type { ReactNode } from 'react';
import { httpUrl, resolveImage } from '@/lib/blog/view';
import { anchorId, type NodeProps } from './context';
import { get, nodeData, obj, rec, str, text } from './fields';
import { embedHost } from './embed-hosts';
import {
  DEFAULT_FRAME_HEIGHT,
  HEIGHT_REPORTER,
  customHeight,
  frameWidth,
  givenHeight,
  ratioHeight,
} from './embed-size';
import { FrameFacade, sizedFrame, type FrameFit } from './frame-facade';
import { Img } from './image';
import { safeHref } from './safe-href';
import { containerProps } from './style';
import { defined } from './compact';
import { HostedVideoFacade } from './video';
import { hostedVideo } from './video-hosts';

/** Third-party markup runs in an opaque origin: scripts and popups, never our cookies or the top window. */
const EMBED_SANDBOX = 'allow-scripts allow-popups';
/**
 * A provider's own post frame (X, Instagram, from `embedHost`: a URL we build) keeps its origin, as the video players
 * do: their pages need it, and it is the origin their height messages are checked against.
 */
const PROVIDER_SANDBOX = 'allow-scripts allow-same-origin allow-presentation allow-popups';
const MAX_HTML = 200_000;

interface FrameProps {
  html?: string;
  src?: string;
  title: string;
  width: number;
  /** The author's or the data's height; without one, the provider's (a widget by URL) or the default. */
  height?: number;
  /** The frame is fitted to its document's height: a srcdoc starts with the reporter, a known post is listened to. */
  fit: boolean;
}

export function SandboxedFrame({ html, src, title, width, height, fit }: FrameProps): ReactNode {
  const https = src && httpUrl(src)?.startsWith('https:') ? httpUrl(src)! : undefined;
  if (!html && !https) return null;
  const host = html ? null : embedHost(https);
  const reporter = fit ? `<script>${HEIGHT_REPORTER}</script>` : '';
  return sizedFrame(
    {
      className: host ? 'rc-embed-frame rc-frame-provider' : 'rc-embed-frame',
      sandbox: host?.origin ? PROVIDER_SANDBOX : EMBED_SANDBOX,
      ...(html
        ? { srcDoc: `<!doctype html><meta charset="utf-8"><base target="_blank">${reporter}${html.slice(0, MAX_HTML)}` }
        : { src: host?.embedUrl ?? https }),
      title,
      loading: 'lazy',
      referrerPolicy: 'no-referrer',
    },
    {
      width,
      height: height ?? host?.height ?? DEFAULT_FRAME_HEIGHT,
      // A srcdoc's document is opaque: its messages come from "null", and only from this frame's window.
      ...defined({ origin: html ? 'null' : host?.origin }),
      islands: fit,
    },
  );
}

export function Html({ node, ctx }: NodeProps) {
  const data = nodeData(node, 'htmlData');
  const html = text(data.html);
  const url = str(data.url);
  const container = containerProps(data.containerData, 'rc-html');
  const frame = SandboxedFrame({
    html,
    src: html ? undefined : url,
    title: 'Embedded content',
    width: frameWidth(data.containerData),
    // The author's height; a block that fits its content (Ricos' `autoHeight`, true unless false) starts there.
    height: givenHeight(customHeight(data.containerData)),
    fit: ctx.islands && data.autoHeight !== false,
  });
  if (!frame) return null;
  return (
    <div
      {...defined({ id: anchorId(node, ctx) })}
      className={container.className}
      {...defined({ style: container.style })}
    >
      {frame}
    </div>
  );
}

/** The https iframe that is all of an oEmbed's markup (most players), with its width and height attributes. */
export function loneFrame(html: string): { src: string; width?: string; height?: string } | null {
  const frame = /^\s*<iframe\b([^>]*)>\s*<\/iframe>\s*$/i.exec(html);
  if (!frame) return null;
  const attribute = (name: string) => {
    const value = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+))`, 'i').exec(frame[1]!);
    return value ? (value[1] ?? value[2] ?? value[3])! : undefined;
  };
  const url = httpUrl((attribute('src') ?? '').replace(/&amp;/g, '&'));
  if (!url?.startsWith('https:')) return null;
  return { src: url, ...defined({ width: attribute('width'), height: attribute('height') }) };
}

/** The `src` of oEmbed markup that is nothing but one https iframe. */
export const loneFrameSource = (html: string): string | null => loneFrame(html)?.src ?? null;

export function Embed({ node, ctx }: NodeProps) {
  const data = nodeData(node, 'embedData');
  const oembed = rec(data.oembed);
  const source = safeHref(data.src) ?? safeHref(oembed.url);
  const provider = text(oembed.providerName);
  const title = text(oembed.title) ?? provider ?? (source && hostOf(source)) ?? 'Embedded content';
  const container = containerProps(data.containerData, 'rc-embed');
  const html = str(oembed.html);
  const lone = html ? loneFrame(html) : null;
  const width = frameWidth(data.containerData, oembed.width, lone?.width);
  // The author's height, else the oEmbed's, else the markup's.
  const given = givenHeight(customHeight(data.containerData), oembed.height, lone?.height);
  const ratio = ratioHeight(width, [oembed.width, oembed.height], [lone?.width, lone?.height]);
  const hosted =
    hostedVideo(str(data.src)) ??
    hostedVideo(str(oembed.url)) ??
    hostedVideo(str(oembed.videoUrl)) ??
    hostedVideo(lone?.src);
  const poster = str(oembed.thumbnailUrl) ? resolveImage(str(oembed.thumbnailUrl)) : null;
  let content: ReactNode;
  if (hosted)
    content = (
      <HostedVideoFacade
        video={hosted}
        title={title}
        poster={poster}
        width={width}
        height={ratio ?? Math.round((width * 9) / 16)}
      />
    );
  else if (lone) {
    const host = embedHost(lone.src);
    // A video player of another provider keeps its ratio; a widget takes its height.
    const player = !host && oembed.type === 'video' && ratio !== undefined;
    const fit: FrameFit = player
      ? { width, height: ratio, ratio: true }
      : {
          width,
          height: given ?? host?.height ?? DEFAULT_FRAME_HEIGHT,
          ...defined({ origin: host?.origin }),
          islands: ctx.islands,
        };
    content = (
      <FrameFacade
        className={
          host ? 'rc-embed-frame rc-frame-provider' : player ? 'rc-embed-frame rc-frame-ratio' : 'rc-embed-frame'
        }
        kind="embed"
        src={host?.embedUrl ?? lone.src}
        title={title}
        action={provider ? `Load the ${provider} embed` : 'Load the embed'}
        poster={poster}
        sandbox={host?.origin ? PROVIDER_SANDBOX : EMBED_SANDBOX}
        {...fit}
      />
    );
  } else if (text(html)) content = SandboxedFrame({ html, title, width, height: given, fit: ctx.islands });
  else if (oembed.type === 'photo' && httpUrl(oembed.url))
    content = <img className="rc-img" src={httpUrl(oembed.url)!} alt={title} loading="lazy" decoding="async" />;
  else content = <Thumbnail url={str(oembed.thumbnailUrl)} />;
  if (!content && !source) return null;
  return (
    <figure
      {...defined({ id: anchorId(node, ctx) })}
      className={container.className}
      {...defined({ style: container.style })}
    >
      {content}
      {source && (
        <figcaption className="rc-figcaption">
          <a className="rc-link" href={source} target="_blank" rel="noopener noreferrer nofollow">
            {provider ? `${title} · ${provider}` : title}
          </a>
        </figcaption>
      )}
    </figure>
  );
}

function Thumbnail({ url, alt = '' }: { url?: string; alt?: string }): ReactNode {
  const image = url ? resolveImage(url) : null;
  return image ? <img className="rc-thumb" src={image.src} alt={alt} loading="lazy" decoding="async" /> : null;
}

const hostOf = (href: string) => {
  try {
    return new URL(href).hostname.replace(/^www\./, '');
  } catch {
    return undefined;
  }
};

export function LinkPreview({ node, ctx }: NodeProps) {
  const data = nodeData(node, 'linkPreviewData');
  const href = safeHref(get(data, 'link', 'url'));
  const title = text(data.title);
  const description = text(data.description);
  const container = containerProps(data.containerData, 'rc-link-preview');
  const hidden = get(data, 'styles', 'thumbnailPosition') === 'HIDDEN';
  const body = (
    <>
      {!hidden && <Thumbnail url={str(data.thumbnailUrl)} />}
      <span className="rc-card-body">
        {title && <span className="rc-card-title">{title}</span>}
        {description && <span className="rc-card-text">{description}</span>}
        {href && <span className="rc-card-meta">{hostOf(href) ?? href}</span>}
      </span>
    </>
  );
  if (!title && !href) return null;
  return (
    <div
      {...defined({ id: anchorId(node, ctx) })}
      className={container.className}
      {...defined({ style: container.style })}
    >
      {href ? (
        <a className="rc-card-link" href={href} target="_blank" rel="noopener noreferrer">
          {body}
        </a>
      ) : (
        <div className="rc-card-link">{body}</div>
      )}
    </div>
  );
}

/**
 * Wix app items (product, event, booking) as a static card linking to the item. Their data has no
 * markup to sandbox, and framing the item page would pull a whole third-party site into the post.
 */
export function AppEmbed({ node, ctx }: NodeProps) {
  const data = nodeData(node, 'appEmbedData');
  const name = data.hideTitle === true ? undefined : text(data.name);
  const href = safeHref(data.url);
  const image =
    data.hideImage === true
      ? null
      : Img({ media: obj(data.image) ?? { src: { url: str(data.imageSrc) } }, alt: name ?? '', displayWidth: 320 });
  const details = [
    text(get(data, 'eventData', 'scheduling')),
    text(get(data, 'eventData', 'location')),
    text(get(data, 'bookingData', 'durations')) && `${text(get(data, 'bookingData', 'durations'))} min`,
    price(rec(data.pricingData)),
  ].filter(Boolean);
  if (!name && !href && !image) return null;
  const container = containerProps(data.containerData, 'rc-app-embed');
  const label = data.type === 'EVENT' ? 'Event details' : data.type === 'BOOKING' ? 'Book now' : 'View';
  return (
    <div
      {...defined({ id: anchorId(node, ctx) })}
      className={container.className}
      {...defined({ style: container.style })}
    >
      {image}
      <div className="rc-card-body">
        {name && <span className="rc-card-title">{name}</span>}
        {details.map((d, i) => (
          <span key={i} className="rc-card-text">
            {d}
          </span>
        ))}
        {href && data.hideButton !== true && (
          <a className="rc-button" href={href} target="_blank" rel="noopener noreferrer">
            {text(get(data, 'buttonStyles', 'buttonText')) ?? label}
          </a>
        )}
      </div>
    </div>
  );
}

function price(pricing: Record<string, unknown>): string | undefined {
  const from = text(pricing.discountedValue) ?? text(pricing.valueFrom);
  if (!from || !/^\d{1,12}(?:\.\d{1,2})?$/.test(from)) return undefined;
  const currency = str(pricing.currency);
  return currency && /^[A-Z]{3}$/.test(currency) ? `${from} ${currency}` : from;
}
