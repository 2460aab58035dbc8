import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Img } from '@react-email/img';
import { Link } from '@react-email/link';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { resolveImage } from '@/lib/blog/view';
import { postPath } from '@/lib/core/site';
import type { ReactNode } from 'react';
import type { Post } from '@/lib/blog/types';
import { WIDTH, styles } from './mail-style';

// The post's rich content (Ricos nodes) as e-mail blocks for mail.tsx: text, headings, quotes, lists, code, images at
// absolute addresses with their width and alt; what a mail client cannot play (a video, an embed, a poll) becomes a
// link to the post.

export interface PostMailSettings {
  siteUrl: string;
  /** The visible unsubscribe link (the page), and the postal or contact line under it. */
  unsubscribeUrl: string;
  footer?: string;
  /**
   * How the mail writes a link to the post or in its text (message.ts: a mark each delivery's message makes its own
   * tracked link, tracking.ts); the address as it is when absent. Never the unsubscribe link.
   */
  link?: (url: string) => string;
  /** The image that counts the mail's opens, which its footer then mentions; none when opens are not counted. */
  openPixel?: string;
}

/** A link of the mail's own (to the post, or in its text) as the settings write it. */
export const hrefOf = (settings: PostMailSettings, url: string) => (settings.link ? settings.link(url) : url);

export type Json = Record<string, unknown>;
export const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null;
export const nodesOf = (node: Json): Json[] => (Array.isArray(node.nodes) ? node.nodes.filter(isRecord) : []);

/** A text node's text with its bold, italic, code and link decorations. */
function text(node: Json, key: number, settings: PostMailSettings): ReactNode {
  const data = isRecord(node.textData) ? node.textData : {};
  let out: ReactNode = typeof data.text === 'string' ? data.text : '';
  const decorations = Array.isArray(data.decorations) ? data.decorations.filter(isRecord) : [];
  // Text the post hides until the reader asks (a spoiler) cannot be hidden in a mail: it stays on the site.
  if (decorations.some((decoration) => decoration.type === 'SPOILER'))
    return <span key={key}>[hidden on the site]</span>;
  for (const decoration of decorations) {
    if (decoration.type === 'BOLD') out = <strong>{out}</strong>;
    else if (decoration.type === 'ITALIC') out = <em>{out}</em>;
    else if (decoration.type === 'LINK') {
      const link = isRecord(decoration.linkData) && isRecord(decoration.linkData.link) ? decoration.linkData.link : {};
      if (typeof link.url === 'string' && /^https?:\/\//.test(link.url))
        out = <Link href={hrefOf(settings, link.url)}>{out}</Link>;
    }
  }
  return <span key={key}>{out}</span>;
}

const inline = (node: Json, settings: PostMailSettings): ReactNode[] =>
  nodesOf(node).map((child, i) => (child.type === 'TEXT' ? text(child, i, settings) : inline(child, settings)));

const plain = (node: Json): string =>
  nodesOf(node)
    .map((child) =>
      child.type === 'TEXT' && isRecord(child.textData) ? String(child.textData.text ?? '') : plain(child),
    )
    .join('');

export function block(node: Json, key: number, post: Post, settings: PostMailSettings): ReactNode {
  const postUrl = `${settings.siteUrl}${postPath(post.slug, post.language)}`;
  switch (node.type) {
    case 'PARAGRAPH':
      return nodesOf(node).length ? (
        <Text key={key} style={styles.text}>
          {inline(node, settings)}
        </Text>
      ) : null;
    case 'HEADING': {
      const level = isRecord(node.headingData) ? Number(node.headingData.level) : 2;
      const as = level <= 2 ? 'h2' : 'h3';
      return (
        <Heading key={key} as={as} style={{ ...styles.heading, fontSize: as === 'h2' ? '21px' : '18px' }}>
          {inline(node, settings)}
        </Heading>
      );
    }
    case 'BLOCKQUOTE':
      return (
        <Section key={key} style={styles.quote}>
          {nodesOf(node).map((child, i) => block(child, i, post, settings))}
        </Section>
      );
    case 'BULLETED_LIST':
    case 'ORDERED_LIST': {
      const List = node.type === 'ORDERED_LIST' ? 'ol' : 'ul';
      return (
        <List key={key} style={{ ...styles.text, paddingLeft: '24px' }}>
          {nodesOf(node).map((item, i) => (
            <li key={i}>
              {nodesOf(item).map((child, j) =>
                // An item's own text inline; a list inside it, nested.
                child.type === 'PARAGRAPH' ? (
                  <span key={j}>{inline(child, settings)}</span>
                ) : (
                  block(child, j, post, settings)
                ),
              )}
            </li>
          ))}
        </List>
      );
    }
    case 'CODE_BLOCK':
      // Monospace, kept as written, scrolling sideways where a client allows; no highlighting (a mail runs no script,
      // and inline colours per token read badly in dark mode).
      return (
        <pre key={key} style={styles.code}>
          <code>{plain(node)}</code>
        </pre>
      );
    case 'IMAGE': {
      const data = isRecord(node.imageData) ? node.imageData : {};
      const image = isRecord(data.image) ? data.image : {};
      const resolved = resolveImage(image.src, { width: image.width, height: image.height }, WIDTH - 48);
      if (!resolved) return null;
      const src = absolute(resolved.src, settings.siteUrl);
      return (
        <Img
          key={key}
          src={src}
          width={resolved.width}
          height={resolved.height}
          alt={typeof data.altText === 'string' ? data.altText : ''}
          style={styles.image}
        />
      );
    }
    case 'DIVIDER':
      return <Hr key={key} />;
    case 'TABLE':
      return (
        <table key={key} style={styles.table} role="presentation">
          <tbody>
            {nodesOf(node).map((row, r) => (
              <tr key={r}>
                {nodesOf(row).map((cell, c) => (
                  <td key={c} style={styles.cell}>
                    {nodesOf(cell)
                      .map((child) => plain(child))
                      .join(' ')}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      );
    case 'VIDEO':
    case 'EMBED':
    case 'HTML':
    case 'POLL':
    case 'GALLERY':
    case 'AUDIO':
    case 'FILE':
    case 'LINK_PREVIEW':
      return (
        <Text key={key} style={styles.text}>
          <Link href={hrefOf(settings, postUrl)}>{MEDIA_LABEL[String(node.type)] ?? 'See it on the site'} →</Link>
        </Text>
      );
    default:
      return nodesOf(node).length ? (
        <Section key={key}>{nodesOf(node).map((child, i) => block(child, i, post, settings))}</Section>
      ) : null;
  }
}

const MEDIA_LABEL: Record<string, string> = {
  VIDEO: 'Watch the video on the site',
  EMBED: 'See the embed on the site',
  POLL: 'Vote in the poll on the site',
  GALLERY: 'See the gallery on the site',
  AUDIO: 'Listen on the site',
  FILE: 'Download the file on the site',
};

export const absolute = (src: string, siteUrl: string) => (/^https?:\/\//.test(src) ? src : `${siteUrl}${src}`);
