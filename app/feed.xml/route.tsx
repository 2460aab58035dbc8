import { RichContent } from '@/components/rich-content/rich-content';
import { getMediaSize, listCategories, listPosts } from '@/lib/blog/reads';
import type { Post } from '@/lib/blog/types';
import { authorsOf } from '@/lib/edge/pages/authors';
import { renderRss } from '@/lib/edge/seo/rss';
import { heroImageUrl } from '@/lib/edge/seo/post-metadata';
import { absoluteUrl } from '@/lib/edge/seo/site-urls';
import { feedPath, postPath, rssPath } from '@/lib/core/site';
import { getSiteSettings } from '@/lib/settings/reads';
import { pageLanguage } from '@/lib/edge/pages/languages';
import { words } from '@/lib/core/i18n';

const FEED_SIZE = 50;

/** Relative links and images in feed readers resolve against the reader, not the site: make them absolute. */
const absolutize = (html: string) => html.replace(/(\s(?:href|src|poster)=")\/(?!\/)/g, `$1${absoluteUrl('/')}`);

async function feedImage(post: Post) {
  const image = heroImageUrl(post);
  if (!image) return null;
  const local = image.url.startsWith(absoluteUrl('/media/')) ? image.url.slice(absoluteUrl('/').length - 1) : null;
  return { url: image.url, length: local ? await getMediaSize(local) : null };
}

// One language's feed: the main one's here, each other's under app/[lang] (which re-exports this).
export async function GET(_request?: Request, { params }: { params?: Promise<object> } = {}) {
  const language = await pageLanguage(params);
  // Loaded at run time: Next refuses a static react-dom/server import in the server-components graph.
  const { renderToStaticMarkup } = await import('react-dom/server');
  const [page, categories, settings] = await Promise.all([
    listPosts({ language, sort: 'PUBLISHED_DATE_DESC', paging: { limit: FEED_SIZE }, fieldsets: ['RICH_CONTENT'] }),
    listCategories({ language }),
    getSiteSettings(),
  ]);
  const label = new Map(categories.map((c) => [c.id, c.label]));
  const authors = await authorsOf(page.items.map((post) => post.memberId));
  const body = renderRss({
    title: settings.title,
    link: absoluteUrl(feedPath(1, language)),
    description: settings.description || words(language).t('site.description'),
    selfUrl: absoluteUrl(rssPath(language)),
    language,
    items: await Promise.all(
      page.items.map(async (post) => ({
        post,
        url: absoluteUrl(postPath(post.slug, post.language)),
        html: absolutize(
          renderToStaticMarkup(<RichContent content={post.richContent} priority={false} islands={false} />),
        ),
        categories: post.categoryIds.flatMap((id) => label.get(id) ?? []),
        image: await feedImage(post),
        author: post.memberId ? authors.get(post.memberId)?.name : null,
      })),
    ),
  });
  // application/xml, not application/rss+xml: browsers show the latter as plain text and never apply the feed's
  // stylesheet; feed readers take either (pages still announce the feed as application/rss+xml).
  return new Response(body, { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
}
