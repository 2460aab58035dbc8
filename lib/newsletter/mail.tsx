import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Img } from '@react-email/img';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { render } from '@react-email/render';
import type { Post } from '@/lib/blog/types';
import { postImage, resolveImage } from '@/lib/blog/view';
import { words } from '@/lib/core/i18n';
import { SITE_NAME, postPath } from '@/lib/core/site';
import { type Json, type PostMailSettings, absolute, block, hrefOf, isRecord, nodesOf } from './mail-blocks';
import { DARK, WIDTH, styles } from './mail-style';

// A new post as an e-mail, with React Email (its components: the tables, inline styles and client quirks of
// e-mail HTML are its business, not ours; rendered on the server to HTML and to the plain-text part). The post's rich
// content becomes e-mail blocks: text, headings, quotes, lists, code, images at absolute addresses with their width
// and alt; what a mail client cannot play (a video, an embed, a poll) becomes a link to the post. Light by default,
// with a dark scheme for the clients that honour `prefers-color-scheme`; one column of at most 600 px, for narrow
// clients. Each component from its own package (@react-email/body, …), not the @react-email/components barrel, which
// also loads Tailwind's compiler, Prism and a Markdown parser: 0.9 s to import in a fresh Node against 0.14 s for the
// twelve used here, paid by every server start and every test file that reaches a mail.

export type { PostMailSettings } from './mail-blocks';

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
            <Link href={hrefOf(settings, postUrl)} style={{ color: 'inherit', textDecoration: 'none' }}>
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
            <Button href={hrefOf(settings, postUrl)} style={styles.button} className="mail-button">
              {post.preview ? 'Read the rest on the site' : 'Read on the site'}
            </Button>
          </Section>
          <Hr />
          <Text style={styles.footer}>
            You get this because you subscribed to new posts of {SITE_NAME}.{' '}
            <Link href={settings.unsubscribeUrl}>Unsubscribe</Link>
          </Text>
          {settings.footer && <Text style={styles.footer}>{settings.footer}</Text>}
          {settings.openPixel && <OpenCounted pixel={settings.openPixel} language={post.language} />}
        </Container>
      </Body>
    </Html>
  );
}

/**
 * Where the owner counts opens: the footer says so, in the post's language, and the one-pixel image that counts them
 * (a plain-text reader loads nothing, and is told all the same).
 */
function OpenCounted({ pixel, language }: { pixel: string; language: string | null | undefined }) {
  return (
    <>
      <Text style={styles.footer}>{words(language).t('newsletter.mailOpensCounted', { site: SITE_NAME })}</Text>
      <Img src={pixel} width={1} height={1} alt="" style={{ width: '1px', height: '1px', border: 0 }} />
    </>
  );
}

/** The post's mail: its HTML and its plain-text part. */
export async function renderPostMail(post: Post, settings: PostMailSettings): Promise<{ html: string; text: string }> {
  const element = <PostMail post={post} settings={settings} />;
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { html, text };
}
