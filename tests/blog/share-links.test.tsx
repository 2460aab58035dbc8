import { readFileSync } from 'node:fs';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PostActions } from '@/components/post/post-actions';
import { ShareLinks, shareTargets } from '@/components/post/share-links';

// The share links under a post: plain links to each network's share page with the post's absolute address and title
// encoded (nothing breaks out of its parameter, whatever the title holds), "Copy link" a link to the post itself
// until its island runs, and no script of any third party; all behind one "Share" (issue 47), in the post's end.

const URL_ = 'https://blog.example/post/caf%C3%A9-%26-more';
const TITLE = 'Tom & Jerry say "hi" — ‏עברית‏ + ?x=1#frag';

const byLabel = (url = URL_, title = TITLE) => new Map(shareTargets(url, title).map((t) => [t.label, t.href]));
const param = (href: string, name: string) => new URL(href).searchParams.get(name);

describe('shareTargets', () => {
  it('names the major networks, each at its documented share address', () => {
    const links = byLabel();
    expect([...links.keys()]).toEqual([
      'E-mail',
      'Bluesky',
      'Mastodon',
      'LinkedIn',
      'X',
      'Facebook',
      'Hacker News',
      'Reddit',
    ]);
    const origins = [...links.values()].slice(1).map((href) => new URL(href).origin + new URL(href).pathname);
    expect(origins).toEqual([
      'https://bsky.app/intent/compose',
      'https://share.joinmastodon.org/',
      'https://www.linkedin.com/sharing/share-offsite/',
      'https://x.com/intent/tweet',
      'https://www.facebook.com/sharer/sharer.php',
      'https://news.ycombinator.com/submitlink',
      'https://www.reddit.com/submit',
    ]);
  });

  it('carries the title and the address exactly: quotes, ampersands, RTL marks and # stay inside their parameter', () => {
    const links = byLabel();
    expect(param(links.get('Bluesky')!, 'text')).toBe(`${TITLE} ${URL_}`);
    expect(param(links.get('Mastodon')!, 'text')).toBe(`${TITLE}\n\n${URL_}`);
    expect(param(links.get('LinkedIn')!, 'url')).toBe(URL_);
    expect([param(links.get('X')!, 'text'), param(links.get('X')!, 'url')]).toEqual([TITLE, URL_]);
    expect(param(links.get('Facebook')!, 'u')).toBe(URL_);
    expect([param(links.get('Hacker News')!, 't'), param(links.get('Hacker News')!, 'u')]).toEqual([TITLE, URL_]);
    expect([param(links.get('Reddit')!, 'title'), param(links.get('Reddit')!, 'url')]).toEqual([TITLE, URL_]);
    for (const href of links.values()) {
      // One parameter per name, nothing after a raw # or &, and the RTL mark percent-encoded, never raw.
      expect(href).not.toMatch(/[#"\s\u200f<>]/);
      expect(new URL(href).hash).toBe('');
    }
    // The address is encoded once more: its own %-escapes are kept, not decoded.
    expect(links.get('Facebook')).toContain('u=https%3A%2F%2Fblog.example%2Fpost%2Fcaf%25C3%25A9-%2526-more');
    expect(links.get('Bluesky')).toContain('%E2%80%8F');
  });

  it('mails the title as the subject and the address in the body, spaces as %20 (a mail client keeps "+")', () => {
    const mail = byLabel(URL_, 'A b+c').get('E-mail')!;
    expect(mail).toBe(`mailto:?subject=A%20b%2Bc&body=A%20b%2Bc%0A%0A${encodeURIComponent(URL_)}`);
    expect(mail).not.toContain('+');
  });
});

describe('ShareLinks', () => {
  const html = renderToStaticMarkup(<ShareLinks url={URL_} title={TITLE} />);

  it('is one "Share" disclosure (no JavaScript needed) holding the plain links, outside ones opening apart', () => {
    // Issue 47: not nine buttons in a row, one "Share"; the Web Share API's button replaces it once hydrated.
    expect(html).toMatch(
      /^<div class="share"><details id="share-links" class="share__more"><summary class="share__button">Share<span class="share__caret" aria-hidden="true">▾<\/span><\/summary><ul class="share__list" aria-label="Share this post">/,
    );
    expect(html).toMatch(/<\/ul><\/details><\/div>$/);
    expect(html.match(/<summary/g)).toHaveLength(1);
    const anchors = [...html.matchAll(/<a ([^>]*)>(.*?)<\/a>/g)].map((m) => [m[1], m[2]] as const);
    expect(anchors).toHaveLength(9);
    for (const [attributes] of anchors.slice(2)) {
      expect(attributes).toContain('target="_blank" rel="noopener noreferrer"');
    }
    expect(anchors[1]![0]).toMatch(/^class="share__link" href="mailto:/);
    expect(anchors[1]![0]).not.toContain('target');
    expect(anchors[1]![1]).toBe('<span class="visually-hidden">Share by </span>E-mail');
    expect(anchors[2]![1]).toBe('<span class="visually-hidden">Share on </span>Bluesky');
    // Attribute values are escaped: the title's quote and ampersand cannot end an attribute.
    expect(html).not.toContain('"hi"');
    expect(html).not.toContain('<script');
  });

  it('renders "Copy link" as a link to the post itself, beside an empty live region', () => {
    expect(html).toContain(`<a href="${URL_}" class="share__link">Copy link</a>`);
    expect(html).toContain('<span class="share__status" role="status"></span>');
  });

  it('says "Share" in the page’s language', () => {
    const spanish = renderToStaticMarkup(<ShareLinks url={URL_} title={TITLE} language="es" />);
    expect(spanish).toContain('<summary class="share__button">Compartir<');
    expect(spanish).toContain('aria-label="Compartir este artículo"');
  });
});

describe('PostActions: the end of a post', () => {
  const reactions = <button className="likes__button">Like</button>;
  const subscribe = <form className="subscribe">Get the next post by e-mail</form>;

  it('in one order: the reactions in one row (like, rating, save for later), then "Share", then one subscribe', () => {
    const html = renderToStaticMarkup(
      <PostActions postId="post-1" url={URL_} title="T" saveForLater reactions={reactions} subscribe={subscribe} />,
    );
    expect(html).toMatch(/^<div class="post-end"><div class="post-end__reactions"><button class="likes__button">/);
    expect(html).toContain(
      '<form action="/api/members/reading-list" method="post"><input type="hidden" name="intent" value="save"/>' +
        '<input type="hidden" name="postId" value="post-1"/><button type="submit">Save for later</button></form>',
    );
    expect(html).toContain('id="saved-for-later"');
    const at = (text: string) => html.indexOf(text);
    const row = html.slice(0, at('<div class="share">'));
    expect(row).toContain('Like');
    expect(row).toContain('Save for later');
    expect(at('Like')).toBeLessThan(at('Save for later'));
    expect(at('Save for later')).toBeLessThan(at('<summary'));
    expect(at('<summary')).toBeLessThan(at('class="subscribe"'));
    expect(html.match(/class="subscribe"/g)).toHaveLength(1);
  });

  it('offers no "Save for later" where the site has no reading list (a bare Wix site), and still "Share"', () => {
    const html = renderToStaticMarkup(<PostActions postId="post-1" url={URL_} title="T" saveForLater={false} />);
    expect(html).not.toContain('Save for later');
    expect(html).not.toContain('saved-for-later');
    expect(html).toContain('Share this post');
  });

  it('leaves the post’s subscribe prompt the only one: the site footer’s is hidden where it is (app/globals.css)', () => {
    const css = readFileSync('app/globals.css', 'utf8');
    expect(css).toMatch(/body:has\(\.post-end \.subscribe\) \.site-footer \.subscribe \{\s*display: none;/);
  });
});
