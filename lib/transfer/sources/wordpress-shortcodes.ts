import { embedMarkup } from '../html-embeds';
import { tokenize } from './wordpress-html';

// What WordPress's `the_content` does besides wpautop (wordpress-autop.ts) to what a reader of a post sees. An address
// alone on its line or in its paragraph is shown as the provider's embed (`autoembed`; the block editor's embed blocks
// rely on it too, their address alone on a line of their wrapper), as is `[embed]address[/embed]`; the media shortcodes
// are shown as their media: `[caption]` the image and its caption (in its body or in its `caption` attribute),
// `[audio]` and `[video]` players, `[gallery]` the images attached to the post or named by `ids`. Each is replaced
// here by what WordPress puts in its place (without the provider's own text, which WordPress fetches): the post's HTML
// is then what its page showed, the converter reads it as any other HTML, and a shortcode's settings or an embedded
// address are not counted as words of the post.
//
// Left as they are: an address of a provider this site does not embed (the converter links it, as WordPress does when
// it cannot embed it), a shortcode of a plugin, and a gallery or a player whose files the export does not say (the
// options below give them). Inside `<pre>`, `<script>`, a frame or a comment nothing changes.

/** An attachment of the export, as a `[gallery]`, an `[audio]` or a `[video]` without an address finds it. */
export interface Attachment {
  /** Its WordPress post id (`wp:post_id`). */
  id: string;
  /** The post it is attached to (`wp:post_parent`). */
  parentId?: string;
  /** Its file's address (`wp:attachment_url`). */
  url: string;
  alt?: string;
  /** Its caption, HTML (`excerpt:encoded`). */
  caption?: string;
  /** `wp:menu_order`: a gallery's order. */
  order?: number;
  /** `wp:post_mime_type`; by its file's extension without it. */
  mimeType?: string;
}

export interface ShownOptions {
  /** The post's own id: a `[gallery]`, `[audio]` or `[video]` without addresses shows what is attached to it. */
  postId?: string;
  /** The export's attachments. Without them, such shortcodes are left as they are. */
  attachments?: readonly Attachment[];
}

const KEPT = '\u{F0001}';
const LINE = '\u{F0002}';

/**
 * `change` applied to `html` with what it must not touch hidden: `<pre>`, `<script>`, frames and other elements kept
 * whole, and comments (each a mark `change` leaves be), and the line breaks inside tags (WordPress's autoembed hides
 * them too: an attribute on a line of its own is no address alone on its line).
 */
function outsideVerbatim(html: string, change: (text: string) => string): string {
  if (html.includes(KEPT) || html.includes(LINE)) return html;
  const kept: string[] = [];
  const text = tokenize(html)
    .map((token) => {
      if (token.kind === 'verbatim' || token.kind === 'comment') {
        kept.push(token.raw);
        return `${KEPT}${kept.length - 1}${KEPT}`;
      }
      return token.kind === 'text' ? token.raw : token.raw.replaceAll('\n', LINE);
    })
    .join('');
  return change(text)
    .replace(new RegExp(`${KEPT}(\\d+)${KEPT}`, 'gu'), (_, index: string) => kept[Number(index)] ?? '')
    .replaceAll(LINE, '\n');
}

const escapeAttr = (value: string) => value.replace(/&(?![#\w]+;)/g, '&amp;').replace(/"/g, '&quot;');
const escapeText = (value: string) =>
  value
    .replace(/&(?![#\w]+;)/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

// WordPress's embed handlers for files (wp_embed_handler_audio and _video: its audio and video extensions).
const AUDIO_FILE = /^https?:\/\/.+?\.(?:mp3|ogg|flac|m4a|wav)$/i;
const VIDEO_FILE = /^https?:\/\/.+?\.(?:mp4|m4v|webm|ogv|flv)$/i;

const audioTag = (src: string) => `<audio class="wp-audio-shortcode" controls src="${escapeAttr(src)}"></audio>`;
function videoTag(src: string, atts: Record<string, string> = {}): string {
  const extra = ['poster', 'width', 'height']
    .filter((name) => atts[name]?.trim())
    .map((name) => ` ${name}="${escapeAttr(atts[name]!.trim())}"`)
    .join('');
  return `<video class="wp-video-shortcode" controls src="${escapeAttr(src)}"${extra}></video>`;
}

/** What WordPress shows for an address it embeds: a player for a media file, the provider's embed; else null. */
function shownEmbed(raw: string): string | null {
  const url = raw.trim().replaceAll('&amp;', '&');
  if (AUDIO_FILE.test(url)) return audioTag(url);
  if (VIDEO_FILE.test(url)) return videoTag(url);
  return embedMarkup(url);
}

// WP_Embed::autoembed's two patterns, and the [embed] shortcode (run before wpautop, as WordPress does).
const LINE_URL = /^(\s*)(https?:\/\/[^\s<>"]+)(\s*)$/gim;
const PARAGRAPH_URL = /(<p(?: [^>]*)?>\s*)(https?:\/\/[^\s<>"]+)(\s*<\/p>)/gi;
const EMBED_SHORTCODE = /\[(\[?)embed(?![\w-])[^\]]*\]([\s\S]*?)\[\/embed\](\]?)/gi;

const embedded = (match: string, before: string, url: string, after: string) => {
  const shown = shownEmbed(url);
  return shown === null ? match : before + shown + after;
};

/** WordPress's autoembed and `[embed]` shortcode: an address alone, of a provider this site embeds, as its embed. */
export function autoembed(html: string): string {
  if (!/(?:^|\s|>|\])https?:\/\//i.test(html)) return html;
  return outsideVerbatim(html, (text) =>
    text
      .replace(EMBED_SHORTCODE, (match, open: string, inner: string, close: string) => {
        if (open && close) return match.slice(1, -1);
        const url = inner.replace(/<[^>]*>/g, '').trim();
        if (!url) return open + close;
        return open + (shownEmbed(url) ?? `<a href="${escapeAttr(url)}">${escapeText(url)}</a>`) + close;
      })
      .replace(LINE_URL, embedded)
      .replace(PARAGRAPH_URL, embedded),
  );
}

type Atts = Record<string, string>;

// WordPress's shortcode_parse_atts: name="value", name='value', name=value, "value", 'value', value.
const ATTR =
  /([\w-]+)\s*=\s*"([^"]*)"(?:\s|$)|([\w-]+)\s*=\s*'([^']*)'(?:\s|$)|([\w-]+)\s*=\s*([^\s'"]+)(?:\s|$)|"([^"]*)"(?:\s|$)|'([^']*)'(?:\s|$)|(\S+)(?:\s|$)/g;

/** A shortcode's attributes by lower-cased name, and its values without a name (`[audio https://…]`) in order. */
function parseAtts(text: string): { atts: Atts; positional: string[] } {
  const atts: Atts = {};
  const positional: string[] = [];
  for (const m of text.replace(/[\u00a0\u200b]+/g, ' ').matchAll(ATTR)) {
    const name = m[1] ?? m[3] ?? m[5];
    if (name) atts[name.toLowerCase()] = m[2] ?? m[4] ?? m[6] ?? '';
    else positional.push(m[7] ?? m[8] ?? m[9] ?? '');
  }
  return { atts, positional };
}

// WordPress's get_shortcode_regex for the media shortcodes: `[[x]]` is `[x]` written as text; `[x …]…[/x]` encloses.
const MEDIA_SHORTCODE =
  /\[(\[?)(caption|wp_caption|gallery|audio|video)(?![\w-])([^\]/]*(?:\/(?!\])[^\]/]*)*?)(?:(\/)\]|\](?:([\s\S]*?)\[\/\2\])?)(\]?)/g;

/** `[caption]`: its image (and the link around it), its caption the text after it or its `caption` attribute. */
function caption(atts: Atts, content: string, options: ShownOptions): string {
  let body = replaceMedia(content, options);
  let text = atts.caption ?? '';
  if (!text.trim()) {
    // img_caption_shortcode: the image (in its link) and the caption after it.
    const m = /((?:<a [^>]+>\s*)?<img [^>]+>(?:\s*<\/a>)?)([\s\S]*)$/i.exec(body);
    if (m) {
      text = m[2]!.trim();
      body = body.slice(0, m.index) + m[1]!;
    }
  }
  // WordPress also drops the caption of a [caption] without a width; the words are the author's, kept here.
  if (!text.trim()) return body;
  const id = atts.id ? ` id="${escapeAttr(atts.id)}"` : '';
  const classes = ['wp-caption', atts.align || 'alignnone', atts.class ?? ''].join(' ').trim();
  return `<figure${id} class="${escapeAttr(classes)}">${body}<figcaption class="wp-caption-text">${text}</figcaption></figure>`;
}

const IMAGE_FILE = /\.(?:jpe?g|png|gif|webp|avif|svg|bmp|tiff?|heic)(?:[?#]|$)/i;
const AUDIO_EXTENSION = /\.(?:mp3|ogg|oga|flac|m4a|wav|wma|aac|opus)(?:[?#]|$)/i;
const VIDEO_EXTENSION = /\.(?:mp4|m4v|webm|ogv|wmv|flv|mov)(?:[?#]|$)/i;

const isKind = (a: Attachment, kind: 'image' | 'audio' | 'video') =>
  a.mimeType
    ? a.mimeType.startsWith(`${kind}/`)
    : { image: IMAGE_FILE, audio: AUDIO_EXTENSION, video: VIDEO_EXTENSION }[kind].test(a.url);

const byOrder = (a: Attachment, b: Attachment) =>
  (a.order ?? 0) - (b.order ?? 0) || Number(a.id) - Number(b.id) || a.id.localeCompare(b.id);

/** The attachments of post `parent`, of a kind, in WordPress's order (menu order, then id). */
const attachedTo = (options: ShownOptions, parent: string | undefined, kind: 'image' | 'audio' | 'video') =>
  parent ? (options.attachments ?? []).filter((a) => a.parentId === parent && isKind(a, kind)).sort(byOrder) : [];

const list = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);

/** `[gallery]`: the images it names (`ids`, `include`) or the post's own, as WordPress's gallery markup. */
function gallery(atts: Atts, options: ShownOptions): string | null {
  if (!options.attachments) return null;
  const ids = list(atts.ids || atts.include);
  const exclude = new Set(list(atts.exclude));
  const images = (
    ids.length
      ? ids.flatMap((id) => options.attachments!.find((a) => a.id === id) ?? [])
      : attachedTo(options, atts.id || options.postId, 'image')
  ).filter((a) => isKind(a, 'image') && !exclude.has(a.id));
  // WordPress shows nothing for a gallery without images.
  if (!images.length) return '';
  const columns = Math.max(0, Number.parseInt(atts.columns ?? '3', 10) || 0);
  const items = images.map((a) => {
    const img = `<img src="${escapeAttr(a.url)}" alt="${escapeText(a.alt ?? '')}">`;
    const icon = atts.link === 'file' ? `<a href="${escapeAttr(a.url)}">${img}</a>` : img;
    const text = a.caption?.trim();
    const captioned = text ? `<figcaption class="wp-caption-text gallery-caption">${text}</figcaption>` : '';
    return `<figure class="gallery-item"><div class="gallery-icon">${icon}</div>${captioned}</figure>`;
  });
  return `<div class="gallery gallery-columns-${columns}">${items.join('')}</div>`;
}

const AUDIO_SOURCES = ['src', 'mp3', 'ogg', 'm4a', 'wav', 'wma', 'flac'];
const VIDEO_SOURCES = ['src', 'mp4', 'm4v', 'webm', 'ogv', 'wmv', 'flv'];

/** `[audio]` and `[video]`: a player of the file they name (else the first one of its kind attached to the post). */
function player(kind: 'audio' | 'video', atts: Atts, positional: string[], options: ShownOptions): string | null {
  const named = (kind === 'audio' ? AUDIO_SOURCES : VIDEO_SOURCES).map((name) => atts[name]?.trim()).find(Boolean);
  // WordPress.com's `[audio https://…]`: the address without a name.
  const src = named ?? positional.find((value) => /^https?:\/\//i.test(value));
  const url = src ?? (options.attachments ? attachedTo(options, options.postId, kind)[0]?.url : undefined);
  if (!url) return options.attachments ? '' : null;
  const decoded = url.replaceAll('&amp;', '&');
  if (kind === 'audio') return audioTag(decoded);
  // WordPress plays a YouTube or Vimeo address given to [video] in its player.
  return (!VIDEO_EXTENSION.test(decoded) && embedMarkup(decoded)) || videoTag(decoded, atts);
}

/** The media shortcodes of `text` (verbatim parts hidden) replaced by what WordPress shows for them. */
function replaceMedia(text: string, options: ShownOptions): string {
  return text.replace(
    MEDIA_SHORTCODE,
    (match, open: string, name: string, rawAtts: string, _self: string, content: string | undefined, close: string) => {
      if (open && close) return match.slice(1, -1);
      const { atts, positional } = parseAtts(rawAtts);
      let shown: string | null;
      if (name === 'caption' || name === 'wp_caption') shown = caption(atts, content ?? '', options);
      else if (name === 'gallery') shown = gallery(atts, options);
      else shown = player(name as 'audio' | 'video', atts, positional, options);
      return shown === null ? match : open + shown + close;
    },
  );
}

/** WordPress's media shortcodes, shown as their media (run after wpautop, as WordPress does). */
export function shortcodes(html: string, options: ShownOptions = {}): string {
  if (!/\[(?:caption|wp_caption|gallery|audio|video)(?![\w-])/i.test(html)) return html;
  return outsideVerbatim(html, (text) => replaceMedia(text, options));
}
