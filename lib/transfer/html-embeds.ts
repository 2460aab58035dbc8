import type { posts } from '@wix/blog';
import { embed, video } from '@/lib/core/ricos/media';
import { link } from '@/lib/core/ricos/text';
import { p } from '@/lib/core/ricos/blocks';
import type { RicosNode } from '@/lib/core/ricos/types';
import { captionAfter, type Ctx, keepHtml, resolveUrl, withCaption } from './html-context';
import {
  attr,
  byTag,
  classStarting,
  dataAttrs,
  descendants,
  type Element,
  find,
  hasClass,
  intAttr,
  isElement,
  isText,
  outerHtml,
  str,
  textOf,
  type WpBlock,
} from './html-dom';

// Embeds by their address: YouTube and Vimeo as VIDEO (the renderer plays them through their privacy players), an X
// post, an Instagram post, a Spotify or SoundCloud player as an EMBED whose oEmbed markup is the provider's one frame
// (the one the renderer's embed-hosts.ts knows and sizes). Found in frames, in WordPress's embed blocks, in Ghost's
// embed cards, in the providers' own blockquotes, in Substack's tweets and in addresses alone on their line. Any other
// frame or embed is kept as HTML.

const SPOTIFY_TYPES = new Set(['track', 'album', 'playlist', 'artist', 'show', 'episode', 'audiobook', 'chapter']);
const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
const escapeAttr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

const frame = (provider: string, page: string, player: string, title: string): RicosNode =>
  embed(page, {
    type: 'rich',
    providerName: provider,
    title,
    url: page,
    html: `<iframe src="${escapeAttr(player)}"></iframe>`,
  });

function youtubeId(url: URL, host: string, parts: string[]): string | undefined {
  let id: string | undefined;
  if (host === 'youtu.be') id = parts[0];
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    if (parts[0] === 'watch') id = url.searchParams.get('v') ?? undefined;
    else if (['embed', 'shorts', 'live', 'v'].includes(parts[0] ?? '')) id = parts[1];
  }
  return id && /^[\w-]{11}$/.test(id) ? id : undefined;
}

/** The node that shows what `address` points at, when it is a provider's page or player this site embeds. */
export function embedFromUrl(address: string, title?: string): RicosNode | null {
  let url: URL;
  try {
    url = new URL(address.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase().replace(/^(?:www|m|mobile|music)\./, '');
  const parts = url.pathname.split('/').filter(Boolean);

  const youtube = youtubeId(url, host, parts);
  if (youtube) return video(`https://www.youtube.com/watch?v=${youtube}`, title ?? '');
  const vimeo =
    host === 'vimeo.com'
      ? parts.find((part) => /^\d{1,12}$/.test(part))
      : host === 'player.vimeo.com' && parts[0] === 'video'
        ? parts[1]
        : undefined;
  if (vimeo && /^\d{1,12}$/.test(vimeo)) return video(`https://vimeo.com/${vimeo}`, title ?? '');

  if (host === 'twitter.com' || host === 'x.com' || host === 'platform.twitter.com') {
    const status = parts.findIndex((part) => part === 'status' || part === 'statuses');
    const id = host === 'platform.twitter.com' ? url.searchParams.get('id') : parts[status + 1];
    if (!id || !/^\d{1,20}$/.test(id) || (host !== 'platform.twitter.com' && status < 0)) return null;
    const user = status > 0 && parts[0] !== 'i' ? parts[0] : undefined;
    const page = `https://x.com/${user ?? 'i/web'}/status/${id}`;
    const player = `https://platform.twitter.com/embed/Tweet.html?id=${id}&dnt=true`;
    return frame('X', page, player, title ?? (user ? `Post by @${user}` : 'Post'));
  }
  if (host === 'instagram.com') {
    const at = parts.findIndex((part) => part === 'p' || part === 'reel' || part === 'tv');
    const code = parts[at + 1];
    if (at < 0 || !code || !/^[\w-]{5,40}$/.test(code)) return null;
    const kind = parts[at]!;
    const player = `https://www.instagram.com/${kind}/${code}/embed/`;
    return frame(
      'Instagram',
      `https://www.instagram.com/${kind}/${code}/`,
      player,
      title ?? capital(kind === 'p' ? 'post' : kind),
    );
  }
  if (host === 'open.spotify.com') {
    const rest = parts[0]?.startsWith('intl-') ? parts.slice(1) : parts;
    const [type, id] = rest[0] === 'embed' ? rest.slice(1) : rest;
    if (!type || !id || !SPOTIFY_TYPES.has(type)) return null;
    const player = `https://open.spotify.com/embed/${type}/${id}`;
    return frame('Spotify', `https://open.spotify.com/${type}/${id}`, player, title ?? capital(type));
  }
  if (host === 'w.soundcloud.com' && parts[0] === 'player') {
    // The player names its track by its page (shown as the embed's link) or by its API address (the player then).
    const named = url.searchParams.get('url') ?? '';
    const page = /^https?:\/\/(?:www\.|m\.)?soundcloud\.com\//.test(named) ? named : url.href;
    return frame('SoundCloud', page, url.href.replace(/^http:/, 'https:'), title ?? 'Track');
  }
  if ((host === 'soundcloud.com' || host === 'on.soundcloud.com') && parts.length >= 1) {
    const page = `https://${url.hostname}${url.pathname}`;
    const player = `https://w.soundcloud.com/player/?url=${encodeURIComponent(page)}`;
    return frame('SoundCloud', page, player, title ?? (parts[1] ? 'Track' : 'Profile'));
  }
  return null;
}

/**
 * The markup a provider's oEmbed puts in a page for `address` (its player's frame; X's and Instagram's blockquote,
 * their script aside), when it is one this site embeds: what a source that shows a bare address as its embed
 * (WordPress's autoembed) shows in its place, read back by this converter as the node `embedFromUrl` makes. Null for
 * any other address.
 */
export function embedMarkup(address: string): string | null {
  const node = embedFromUrl(address);
  if (!node) return null;
  if (node.type === 'VIDEO') {
    const page = new URL((node.videoData as posts.VideoData).video?.src?.url ?? '');
    const player =
      page.hostname === 'vimeo.com'
        ? `https://player.vimeo.com/video${page.pathname}`
        : `https://www.youtube.com/embed/${page.searchParams.get('v') ?? ''}`;
    return `<iframe src="${escapeAttr(player)}"></iframe>`;
  }
  const oembed = (node.embedData as posts.EmbedData).oembed ?? {};
  const page = escapeAttr(oembed.url ?? '');
  if (oembed.providerName === 'X') return `<blockquote class="twitter-tweet"><a href="${page}"></a></blockquote>`;
  if (oembed.providerName === 'Instagram')
    return `<blockquote class="instagram-media" data-instgrm-permalink="${page}"></blockquote>`;
  return oembed.html ?? null;
}

/** A frame: the embed its address names, else kept as HTML (by its address when it has an https one). */
export function iframe(el: Element, ctx: Ctx): RicosNode[] {
  // A lazy loader's frame has its address in data-src (and about:blank or nothing in src).
  const src = resolveUrl(ctx.baseUrl, attr(el, 'data-src') ?? attr(el, 'data-lazy-src') ?? attr(el, 'src'));
  if (!src) return [];
  const node = embedFromUrl(src, str(attr(el, 'title')));
  if (node) return [node];
  if (!src.startsWith('https:')) return [keepHtml(ctx, 'iframe', el)];
  return [keepHtml(ctx, 'iframe', { url: src, height: intAttr(el, 'height') })];
}

/** The short text of a provider's fallback markup, as its embed's title. */
const fallbackTitle = (el: Element) => {
  const text = textOf(el);
  return text ? (text.length > 280 ? `${text.slice(0, 279)}…` : text) : undefined;
};

/** X's and Instagram's own embed code (a blockquote their script turns into the post). */
export function blockquoteEmbed(el: Element): RicosNode | null {
  const links = descendants(el)
    .filter(byTag('a'))
    .flatMap((a) => str(attr(a, 'href')) ?? []);
  if (hasClass(el, 'twitter-tweet', 'twitter-video')) {
    const status = links.reverse().find((href) => embedFromUrl(href)?.type === 'EMBED');
    return status ? embedFromUrl(status, fallbackTitle(el)) : null;
  }
  if (hasClass(el, 'instagram-media')) {
    const permalink = str(attr(el, 'data-instgrm-permalink')) ?? links.find((href) => embedFromUrl(href));
    return permalink ? embedFromUrl(permalink) : null;
  }
  return null;
}

/** The providers' scripts that turn their blockquotes into posts: the blockquotes are embeds here already. */
export function providerScript(el: Element): boolean {
  const src = attr(el, 'src') ?? '';
  return /^(?:https?:)?\/\/(?:platform\.twitter\.com\/widgets\.js|(?:www\.)?instagram\.com\/embed\.js)/.test(src);
}

/** Substack's tweet: its address and text in `data-attrs`. */
export function substackTweet(el: Element): RicosNode[] | null {
  const data = dataAttrs(el);
  const url = str(data.url);
  if (!url) return null;
  const who = [str(data.name), str(data.username) && `(@${str(data.username)})`].filter(Boolean).join(' ');
  const text = str(data.full_text);
  const node = embedFromUrl(url, text ? `${who ? `${who}: ` : ''}${text}` : undefined);
  return node ? [node] : null;
}

const CONTENT = (el: Element) => el.childNodes.filter((n) => !(isElement(n) && n.tagName === 'figcaption'));

/** What a frame, a provider's blockquote or an address inside `el` embeds, or null. */
function embedInside(el: Element, ctx: Ctx): RicosNode[] | null {
  const quote = find(el, byTag('blockquote'));
  const quoted = quote && blockquoteEmbed(quote);
  if (quoted) return [quoted];
  const frameEl = find(el, byTag('iframe'));
  return frameEl ? iframe(frameEl, ctx) : null;
}

/** WordPress's embed block: the address in its block comment or alone in its wrapper, else the markup it holds. */
export function wpEmbed(el: Element, ctx: Ctx, wp: WpBlock | undefined, caption: RicosNode[]): RicosNode[] {
  const wrapper = find(el, (child) => hasClass(child, 'wp-block-embed__wrapper')) ?? el;
  const written = wrapper.childNodes.every((n) => isText(n)) ? textOf(wrapper) : undefined;
  const url = str(wp?.attrs.url) ?? (written && /^https?:\/\/\S+$/.test(written) ? written : undefined);
  const node = (url && embedFromUrl(url)) || null;
  if (node) return withCaption(node, caption);
  const inside = embedInside(wrapper, ctx);
  if (inside) return inside.length === 1 ? withCaption(inside[0]!, caption) : [...inside, ...captionAfter(caption)];
  // A provider this site does not embed, known by its address alone: a link to it.
  if (url) return [p(link(url, url)), ...captionAfter(caption)];
  const provider = str(wp?.attrs.providerNameSlug) ?? classStarting(el, 'is-provider-')?.slice('is-provider-'.length);
  return [...keepMarkup(ctx, wrapper, provider), ...captionAfter(caption)];
}

/** The markup of `el`'s content (its caption aside) kept as one HTML block, named by `name` or its frame's host. */
function keepMarkup(ctx: Ctx, el: Element, name?: string): RicosNode[] {
  const markup = CONTENT(el)
    .map((n) => (isElement(n) ? outerHtml(n) : isText(n) ? n.value : ''))
    .join('')
    .trim();
  if (!markup) return [];
  const source = find(el, (child) => Boolean(attr(child, 'src')));
  let host: string | undefined;
  try {
    host = source ? new URL(attr(source, 'src')!).hostname.replace(/^www\./, '') : undefined;
  } catch {
    host = undefined;
  }
  return [keepHtml(ctx, name ?? host ?? 'embed', { markup })];
}

/** Ghost's embed card: the frame or blockquote it holds as an embed, else its markup kept (with its script). */
export function ghostEmbed(el: Element, ctx: Ctx, caption: RicosNode[]): RicosNode[] {
  const inside = embedInside(el, ctx);
  if (inside) return inside.length === 1 ? withCaption(inside[0]!, caption) : [...inside, ...captionAfter(caption)];
  return [...keepMarkup(ctx, el), ...captionAfter(caption)];
}
