import type { ComponentProps, ReactNode } from 'react';
import type { ResolvedImage } from '@/lib/blog/view';
import { defined } from './compact';
import { FittedFrame } from './fitted-frame';

/** How an embed frame is sized (issue 47; `embed-size.ts`). */
export interface FrameFit {
  /** The width attribute: CSS makes the frame as wide as its block. */
  width: number;
  /** The height attribute, which is the frame's height; with `ratio`, the height at `width`. */
  height: number;
  /** A player: as tall as its width/height ratio (CSS `aspect-ratio`) at whatever width it gets. */
  ratio?: boolean;
  /** The frame's document posts its height from this origin (`frame-height.ts`): fitted to it, where islands run. */
  origin?: string;
  /** Whether client islands render here (`RenderContext.islands`). */
  islands?: boolean;
}

type FrameAttributes = Omit<ComponentProps<'iframe'>, 'width' | 'height' | 'style' | 'ref'>;

/**
 * An iframe sized by `fit`: the height attribute is its box (no CSS height, no minimum, no background under a short
 * document), or its ratio for a player; the fitted island only for a frame that posts its height.
 */
export function sizedFrame(attributes: FrameAttributes, fit: FrameFit): ReactNode {
  const props = defined({
    ...attributes,
    width: fit.width,
    style: fit.ratio ? { aspectRatio: `${fit.width} / ${fit.height}` } : undefined,
  });
  return fit.origin && fit.islands && !fit.ratio ? (
    <FittedFrame {...props} height={fit.height} origin={fit.origin} />
  ) : (
    <iframe {...props} height={fit.height} />
  );
}

export interface FrameFacadeProps extends FrameFit {
  /** Where the frame goes when the reader asks: a player or an embed page (https). */
  src: string;
  /** The frame's accessible name. */
  title: string;
  /** What the reader is asked to do: "Play video", "Load the embed". */
  action: string;
  kind: 'video' | 'embed';
  poster?: ResolvedImage | null;
  sandbox: string;
  allow?: string;
  className: string;
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escape = (value: string) => value.replace(/[&<>"']/g, (c) => ENTITIES[c]!);

const host = (url: string) => {
  try {
    return new URL(url).hostname;
  } catch {
    return url;
  }
};

// Fixed colours: the panel is dark in both schemes, like a player's.
const STYLE =
  '*{box-sizing:border-box}html,body{height:100%;margin:0}' +
  'body{background:#1f2229;color:#fff;font:500 15px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}' +
  'a{position:fixed;inset:0;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:12px;padding:16px;color:inherit;text-decoration:none;text-align:center}' +
  'a:focus-visible{outline:3px solid #fdba74;outline-offset:-3px}' +
  'img{position:absolute;inset:0;width:100%;height:100%;object-fit:cover}' +
  '.play{position:relative;display:grid;place-items:center;width:68px;height:48px;border-radius:14px;background:rgb(0 0 0/.75)}' +
  '.play::before{content:"";margin-left:4px;border-style:solid;border-width:11px 0 11px 19px;border-color:transparent transparent transparent #fff}' +
  'a:hover .play,a:focus-visible .play{background:#c4302b}' +
  '.label{position:relative;padding:4px 10px;border-radius:6px;background:rgb(0 0 0/.75)}' +
  '.label small{display:block;font-size:12px;font-weight:400;opacity:.85}';

/**
 * The document a facade frame starts with: the poster, a play button and the provider's host, all one link to
 * `src`. Following it navigates the frame itself, so the third party loads only when the reader asks. Built
 * from escaped values only: no script, no author markup.
 */
export function facadeDocument({
  src,
  title,
  action,
  kind,
  poster,
}: Pick<FrameFacadeProps, 'src' | 'title' | 'action' | 'kind' | 'poster'>): string {
  const image = poster
    ? `<img src="${escape(poster.src)}"${poster.srcSet ? ` srcset="${escape(poster.srcSet)}" sizes="100vw"` : ''} alt="" decoding="async">`
    : '';
  return (
    `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="referrer" content="strict-origin-when-cross-origin">` +
    `<title>${escape(title)}</title><style>${STYLE}</style>` +
    `<a href="${escape(src)}" aria-label="${escape(`${action}: ${title}`)}">${image}` +
    (kind === 'video' ? '<span class="play"></span>' : '') +
    `<span class="label">${escape(action)}<small>from ${escape(host(src))}</small></span></a>`
  );
}

/**
 * A third-party frame that loads nothing until the reader asks: an `<iframe srcdoc>` showing a poster and a
 * link to the real player (no script, on the page or in the frame). The frame keeps its sandbox after it
 * navigates, so the player gets the same restrictions it would have had from the start.
 */
export function FrameFacade({ src, title, action, kind, poster, sandbox, allow, className, ...fit }: FrameFacadeProps) {
  return sizedFrame(
    {
      className,
      srcDoc: facadeDocument({ src, title, action, kind, poster }),
      title,
      loading: 'lazy',
      sandbox,
      allow,
      allowFullScreen: allow?.includes('fullscreen') || undefined,
      referrerPolicy: 'strict-origin-when-cross-origin',
    },
    fit,
  );
}
