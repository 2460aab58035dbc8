import {
  Body,
  Button,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Img,
  Link,
  Preview,
  Section,
  Text,
} from '@react-email/components';
import { render } from '@react-email/render';
import type { ReactNode } from 'react';
import type { Post } from '@/lib/blog/types';
import { postImage, resolveImage } from '@/lib/blog/view';
import { SITE_NAME, postPath } from '@/lib/core/site';

// A new post as an e-mail, with React Email (@react-email/components: the tables, inline styles and client quirks of
// e-mail HTML are its business, not ours; rendered on the server to HTML and to the plain-text part). The post's rich
// content becomes e-mail blocks: text, headings, quotes, lists, code, images at absolute addresses with their width
// and alt; what a mail client cannot play (a video, an embed, a poll) becomes a link to the post. Light by default,
// with a dark scheme for the clients that honour `prefers-color-scheme`; one column of at most 600 px, for narrow
// clients.

type Json = Record<string, unknown>;
const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null;
const nodesOf = (node: Json): Json[] => (Array.isArray(node.nodes) ? node.nodes.filter(isRecord) : []);

export interface PostMailSettings {
  siteUrl: string;
  /** The visible unsubscribe link (the page), and the postal or contact line under it. */
  unsubscribeUrl: string;
  footer?: string;
}

const WIDTH = 600;
const font = '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, Helvetica, Arial, sans-serif';
const styles = {
  body: { backgroundColor: '#f6f6f4', fontFamily: font, margin: 0, padding: '24px 0' },
  container: {
    backgroundColor: '#ffffff',
    maxWidth: `${WIDTH}px`,
    width: '100%',
    padding: '24px 16px',
    borderRadius: '6px',
  },
  site: { fontSize: '13px', color: '#555555', margin: '0 0 8px' },
  title: { fontSize: '26px', lineHeight: '1.25', color: '#1a1a1a', margin: '0 0 12px' },
  text: {
    fontSize: '16px',
    lineHeight: '1.6',
    color: '#1a1a1a',
    margin: '0 0 16px',
    overflowWrap: 'anywhere' as const,
  },
  heading: { color: '#1a1a1a', margin: '24px 0 8px', lineHeight: '1.3' },
  quote: { borderLeft: '3px solid #c9c9c4', margin: '0 0 16px', padding: '0 0 0 12px', color: '#444444' },
  image: { maxWidth: '100%', height: 'auto', borderRadius: '4px', display: 'block', margin: '0 0 16px' },
  button: { backgroundColor: '#1a1a1a', color: '#ffffff', padding: '12px 20px', borderRadius: '4px', fontSize: '15px' },
  footer: { fontSize: '12px', lineHeight: '1.5', color: '#666666', margin: '0 0 4px' },
  code: {
    fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
    fontSize: '13px',
    lineHeight: '1.5',
    backgroundColor: '#f0f0ec',
    color: '#1a1a1a',
    padding: '12px',
    borderRadius: '4px',
    // Wrapped, not scrolled: a table cell grows to its widest line, and few mail clients scroll a block sideways.
    whiteSpace: 'pre-wrap' as const,
    overflowWrap: 'anywhere' as const,
    margin: '0 0 16px',
  },
  table: { borderCollapse: 'collapse' as const, width: '100%', margin: '0 0 16px', fontSize: '14px' },
  cell: {
    border: '1px solid #dddddd',
    padding: '6px 8px',
    textAlign: 'left' as const,
    verticalAlign: 'top' as const,
    overflowWrap: 'anywhere' as const,
  },
};

/** Dark mode for the clients that read it (Apple Mail, Outlook on macOS, some webmails); the rest keep the light. */
const DARK = `@media (prefers-color-scheme: dark) {
  body, .mail-body { background-color: #161616 !important; }
  .mail-card { background-color: #202020 !important; }
  .mail-card h1, .mail-card h2, .mail-card h3, .mail-card p, .mail-card li, .mail-card td, .mail-card th {
    color: #ececec !important;
  }
  .mail-card pre { background-color: #2a2a2a !important; color: #ececec !important; }
  .mail-card a { color: #9cc3ff !important; }
  .mail-button { background-color: #ececec !important; color: #161616 !important; }
}`;

/** A text node's text with its bold, italic, code and link decorations. */
function text(node: Json, key: number): ReactNode {
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
      if (typeof link.url === 'string' && /^https?:\/\//.test(link.url)) out = <Link href={link.url}>{out}</Link>;
    }
  }
  return <span key={key}>{out}</span>;
}

const inline = (node: Json): ReactNode[] =>
  nodesOf(node).map((child, i) => (child.type === 'TEXT' ? text(child, i) : inline(child)));

const plain = (node: Json): string =>
  nodesOf(node)
    .map((child) =>
      child.type === 'TEXT' && isRecord(child.textData) ? String(child.textData.text ?? '') : plain(child),
    )
    .join('');

function block(node: Json, key: number, post: Post, settings: PostMailSettings): ReactNode {
  const postUrl = `${settings.siteUrl}${postPath(post.slug, post.language)}`;
  switch (node.type) {
    case 'PARAGRAPH':
      return nodesOf(node).length ? (
        <Text key={key} style={styles.text}>
          {inline(node)}
        </Text>
      ) : null;
    case 'HEADING': {
      const level = isRecord(node.headingData) ? Number(node.headingData.level) : 2;
      const as = level <= 2 ? 'h2' : 'h3';
      return (
        <Heading key={key} as={as} style={{ ...styles.heading, fontSize: as === 'h2' ? '21px' : '18px' }}>
          {inline(node)}
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
                child.type === 'PARAGRAPH' ? <span key={j}>{inline(child)}</span> : block(child, j, post, settings),
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
          <Link href={postUrl}>{MEDIA_LABEL[String(node.type)] ?? 'See it on the site'} →</Link>
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

const absolute = (src: string, siteUrl: string) => (/^https?:\/\//.test(src) ? src : `${siteUrl}${src}`);

export function PostMail({ post, settings }: { post: Post; settings: PostMailSettings }) {
  const postUrl = `${settings.siteUrl}${postPath(post.slug, post.language)}`;
  const cover = postImage(post);
  const coverImage = cover ? resolveImage(cover.id ?? cover.url, cover, WIDTH - 48) : null;
  const nodes = isRecord(post.richContent) ? nodesOf(post.richContent as Json) : [];
  return (
    <Html lang={post.language ?? 'en'}>
      <Head>
        <meta name="color-scheme" content="light dark" />
        <meta name="supported-color-schemes" content="light dark" />
        <style>{DARK}</style>
      </Head>
      <Preview>{post.excerpt || post.title}</Preview>
      <Body style={styles.body} className="mail-body">
        <Container style={styles.container} className="mail-card">
          <Text style={styles.site}>{SITE_NAME}</Text>
          <Heading as="h1" style={styles.title}>
            <Link href={postUrl} style={{ color: 'inherit', textDecoration: 'none' }}>
              {post.title}
            </Link>
          </Heading>
          {coverImage && (
            <Img
              src={absolute(coverImage.src, settings.siteUrl)}
              width={coverImage.width}
              height={coverImage.height}
              alt=""
              style={styles.image}
            />
          )}
          {nodes.map((node, i) => block(node, i, post, settings))}
          {/* A paid post's mail is its preview (lib/blog/paywall.ts): the rest is for members with a plan. */}
          {post.preview && (
            <Text style={styles.text}>The rest of this post is for members with a plan, on the site.</Text>
          )}
          <Section style={{ margin: '24px 0' }}>
            <Button href={postUrl} style={styles.button} className="mail-button">
              {post.preview ? 'Read the rest on the site' : 'Read on the site'}
            </Button>
          </Section>
          <Hr />
          <Text style={styles.footer}>
            You get this because you subscribed to new posts of {SITE_NAME}.{' '}
            <Link href={settings.unsubscribeUrl}>Unsubscribe</Link>
          </Text>
          {settings.footer && <Text style={styles.footer}>{settings.footer}</Text>}
        </Container>
      </Body>
    </Html>
  );
}

/** The post's mail: its HTML and its plain-text part. */
export async function renderPostMail(post: Post, settings: PostMailSettings): Promise<{ html: string; text: string }> {
  const element = <PostMail post={post} settings={settings} />;
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { html, text };
}
