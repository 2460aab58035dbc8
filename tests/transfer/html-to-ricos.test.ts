import { parseFragment } from 'parse5';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { embedHost } from '@/components/rich-content/embed-hosts';
import { loneFrameSource } from '@/components/rich-content/embed-nodes';
import { RichContent } from '@/components/rich-content/rich-content';
import { hostedVideo } from '@/components/rich-content/video-hosts';
import { plainText as textOf } from '@/lib/blog/tools';
import type { RicosNode } from '@/lib/core/ricos/types';
import { htmlToRicos } from '@/lib/transfer/html-to-ricos';

// The HTML converter on the platforms' own markup: Gutenberg's blocks as it serializes them, Ghost's Koenig cards as
// Ghost renders them, Substack's components. Each mapping renders (components/rich-content), and keeps every word.

// The nodes' data, read freely: the assertions say what each must hold.
type Data = any; // eslint-disable-line @typescript-eslint/no-explicit-any

const HIDDEN = new Set(['script', 'style', 'template', 'noscript']);
/** Elements inside a line of text: no word ends where they do ("H<sub>2</sub>O" is one word, as plainText has it). */
const INLINE = new Set(['a', 'b', 'strong', 'i', 'em', 'code', 's', 'sub', 'sup', 'span', 'mark', 'u', '#text']);
interface P5 {
  nodeName: string;
  value?: string;
  childNodes?: P5[];
}
const wordsOf = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
function visibleWords(html: string): string[] {
  const out: string[] = [];
  const visit = (node: P5) => {
    if (node.nodeName === '#text') out.push(node.value!);
    if (!INLINE.has(node.nodeName)) out.push(' ');
    if (!HIDDEN.has(node.nodeName)) node.childNodes?.forEach(visit);
    if (!INLINE.has(node.nodeName)) out.push(' ');
  };
  visit(parseFragment(html) as unknown as P5);
  return wordsOf(out.join(''));
}

/** The words of the snippet's visible text missing from the nodes' text (`except`: words kept in node data). */
const lost = (html: string, nodes: RicosNode[], except: string[] = []) => {
  const have = new Set([...wordsOf(textOf(nodes)), ...except.flatMap(wordsOf)]);
  return visibleWords(html).filter((word) => !have.has(word));
};

const render = (nodes: RicosNode[]) =>
  renderToStaticMarkup(createElement(RichContent, { content: { nodes } })).replace(/^<link [^>]*>/, '');

/** Converts, checks nothing is lost and that each node renders something. */
function convert(html: string, except: string[] = []) {
  const result = htmlToRicos(html, { baseUrl: 'https://old.example/blog/' });
  expect(lost(html, result.nodes, except)).toEqual([]);
  for (const node of result.nodes) expect(render([node])).not.toBe('<div class="rc"></div>');
  return { ...result, types: result.nodes.map((n) => n.type), data: result.nodes as Data };
}

describe('WordPress blocks', () => {
  it('maps a paragraph with its marks and links', () => {
    const { data } = convert(
      '<!-- wp:paragraph -->\n<p>Plain <strong>bold</strong> <em>it</em> <code>npm i</code> <s>old</s> H<sub>2</sub>O <a href="https://wordpress.org" rel="nofollow">WordPress</a><br>next</p>\n<!-- /wp:paragraph -->',
    );
    const texts = data[0].nodes.map((n: Data) => [n.textData.text, n.textData.decorations.map((d: Data) => d.type)]);
    expect(texts).toContainEqual(['bold', ['BOLD']]);
    expect(texts).toContainEqual(['it', ['ITALIC']]);
    expect(texts).toContainEqual(['npm i', ['FONT_FAMILY']]);
    expect(texts).toContainEqual(['old', ['STRIKETHROUGH']]);
    expect(texts).toContainEqual(['2', ['SUBSCRIPT']]);
    expect(textOf(data as RicosNode[])).toBe('Plain bold it npm i old H2O WordPress\nnext');
    const link = data[0].nodes.find((n: Data) => n.textData.text === 'WordPress').textData.decorations[0];
    expect(link.linkData.link).toMatchObject({
      url: 'https://wordpress.org',
      target: 'BLANK',
      rel: { nofollow: true },
    });
  });

  it('maps an image block with its caption and alt, its address resolved and listed', () => {
    const { types, data, media } = convert(
      '<!-- wp:image {"id":5,"sizeSlug":"large"} --><figure class="wp-block-image size-large"><img src="/wp-content/uploads/2023/05/bike.jpg" alt="A red bicycle" class="wp-image-5"/><figcaption class="wp-element-caption">My <em>bicycle</em></figcaption></figure><!-- /wp:image -->',
    );
    expect(types).toEqual(['IMAGE']);
    expect(data[0].imageData).toMatchObject({
      image: { src: { url: 'https://old.example/wp-content/uploads/2023/05/bike.jpg' } },
      altText: 'A red bicycle',
    });
    expect(data[0].nodes[0].type).toBe('CAPTION');
    expect(media).toEqual(['https://old.example/wp-content/uploads/2023/05/bike.jpg']);
  });

  it('maps a gallery, its images captions and the gallery caption', () => {
    const html =
      '<!-- wp:gallery {"linkTo":"none"} --><figure class="wp-block-gallery has-nested-images columns-default is-cropped"><!-- wp:image {"id":6} --><figure class="wp-block-image size-large"><img src="https://example.com/one.jpg" alt="" class="wp-image-6"/><figcaption class="wp-element-caption">First</figcaption></figure><!-- /wp:image --><!-- wp:image {"id":7} --><figure class="wp-block-image size-large"><img src="https://example.com/two.jpg" alt="Two" class="wp-image-7"/></figure><!-- /wp:image --><figcaption class="blocks-gallery-caption wp-element-caption">Holiday</figcaption></figure><!-- /wp:gallery -->';
    const { types, data, media } = convert(html, ['First']);
    expect(types).toEqual(['GALLERY']);
    expect(data[0].galleryData.items).toMatchObject([{ title: 'First' }, { altText: 'Two' }]);
    expect(textOf(data as RicosNode[])).toBe('Holiday');
    expect(media).toEqual(['https://example.com/one.jpg', 'https://example.com/two.jpg']);
  });

  it('maps quotes, code with its language, tables, separators, details', () => {
    const { types, data } = convert(
      '<!-- wp:quote --><blockquote class="wp-block-quote"><!-- wp:paragraph --><p>Quoted words</p><!-- /wp:paragraph --><cite>Somebody</cite></blockquote><!-- /wp:quote -->' +
        '<!-- wp:code --><pre class="wp-block-code"><code>const a = 1;\nconsole.log(a);</code></pre><!-- /wp:code -->' +
        '<!-- wp:syntaxhighlighter/code {"language":"php"} --><pre class="wp-block-syntaxhighlighter-code">&lt;?php echo 1; ?&gt;</pre><!-- /wp:syntaxhighlighter/code -->' +
        '<!-- wp:table --><figure class="wp-block-table"><table><thead><tr><th>Name</th><th>Role</th></tr></thead><tbody><tr><td colspan="2">Ada, engineer</td></tr></tbody></table><figcaption class="wp-element-caption">Team</figcaption></figure><!-- /wp:table -->' +
        '<!-- wp:separator --><hr class="wp-block-separator has-alpha-channel-opacity"/><!-- /wp:separator -->' +
        '<!-- wp:details --><details class="wp-block-details"><summary>More</summary><!-- wp:paragraph --><p>Hidden text</p><!-- /wp:paragraph --></details><!-- /wp:details -->',
    );
    expect(types).toEqual([
      'BLOCKQUOTE',
      'CODE_BLOCK',
      'CODE_BLOCK',
      'TABLE',
      'CAPTION',
      'DIVIDER',
      'COLLAPSIBLE_LIST',
    ]);
    expect(data[1].nodes[0].textData.text).toBe('const a = 1;\nconsole.log(a);');
    expect(data[1].codeBlockData.language).toBeUndefined();
    expect(data[2].codeBlockData.language).toBe('php');
    expect(data[2].nodes[0].textData.text).toBe('<?php echo 1; ?>');
    expect(data[3].tableData.header).toBe(true);
    expect(data[3].nodes[1].nodes[0].tableCellData.colspan).toBe(2);
    expect(data[6].collapsibleListData.initialExpandedItems).toBe('NONE');
  });

  it('reads a code block language from its class', () => {
    for (const html of [
      '<pre><code class="language-ts">x</code></pre>',
      '<pre class="lang-ts">x</pre>',
      '<pre class="brush: ts; gutter: false">x</pre>',
    ])
      expect(convert(html).data[0].codeBlockData.language).toBe('ts');
  });

  it('maps embed blocks by their address: YouTube to a VIDEO, X to the EMBED the renderer frames', () => {
    const { types, data } = convert(
      '<!-- wp:embed {"url":"https://www.youtube.com/watch?v=dQw4w9WgXcQ","type":"video","providerNameSlug":"youtube"} --><figure class="wp-block-embed is-type-video is-provider-youtube wp-block-embed-youtube"><div class="wp-block-embed__wrapper">\nhttps://www.youtube.com/watch?v=dQw4w9WgXcQ\n</div><figcaption class="wp-element-caption">Watch this</figcaption></figure><!-- /wp:embed -->' +
        '<!-- wp:embed {"url":"https://twitter.com/WordPress/status/1372221010542120961","type":"rich","providerNameSlug":"twitter"} --><figure class="wp-block-embed is-type-rich is-provider-twitter wp-block-embed-twitter"><div class="wp-block-embed__wrapper">\nhttps://twitter.com/WordPress/status/1372221010542120961\n</div></figure><!-- /wp:embed -->',
      // The addresses the blocks hold are what they embed.
      ['https://www.youtube.com/watch?v=dQw4w9WgXcQ https://twitter.com/WordPress/status/1372221010542120961'],
    );
    expect(types).toEqual(['VIDEO', 'EMBED']);
    expect(hostedVideo(data[0].videoData.video.src.url)?.provider).toBe('YouTube');
    expect(embedHost(loneFrameSource(data[1].embedData.oembed.html))?.provider).toBe('X');
  });

  it('maps audio, video and file blocks, listing their files', () => {
    const { types, media } = convert(
      '<figure class="wp-block-audio"><audio controls src="https://example.com/song.mp3"></audio><figcaption class="wp-element-caption">A song</figcaption></figure>' +
        '<figure class="wp-block-video"><video controls poster="/poster.jpg" src="/clip.mp4"></video><figcaption>A clip</figcaption></figure>' +
        '<div class="wp-block-file"><a id="f1" href="https://example.com/guide.pdf">Guide</a><a href="https://example.com/guide.pdf" class="wp-block-file__button wp-element-button" download>Download</a></div>',
      // The file's name (its link) and its button, which the FILE node shows as its name and its link.
      ['GuideDownload'],
    );
    expect(types).toEqual(['AUDIO', 'VIDEO', 'FILE']);
    expect(media).toEqual([
      'https://example.com/song.mp3',
      'https://old.example/clip.mp4',
      'https://old.example/poster.jpg',
      'https://example.com/guide.pdf',
    ]);
  });

  it('keeps footnotes as text, their references and back links as links to the nodes holding them', () => {
    const { data } = convert(
      '<p>A claim<sup data-fn="8e5b" class="fn"><a href="#8e5b" id="8e5b-link">1</a></sup>.</p><!-- wp:footnotes /--><ol class="wp-block-footnotes"><li id="8e5b">The source. <a href="#8e5b-link">↩︎</a></li></ol>',
    );
    const note = data[1].nodes[0].nodes[0];
    expect(data[0].nodes[1].textData.decorations).toContainEqual({ type: 'ANCHOR', anchorData: { anchor: note.id } });
    expect(note.nodes[1].textData.decorations).toEqual([{ type: 'ANCHOR', anchorData: { anchor: data[0].id } }]);
    expect(render(data as RicosNode[])).toContain(`href="#${note.id}"`);
  });

  it('keeps Markdown renderers footnotes (markdown-it, in a Ghost Markdown card) the same way', () => {
    const { types, data } = convert(
      '<p>Claim<sup class="footnote-ref"><a href="#fn1" id="fnref1">[1]</a></sup></p>\n<hr class="footnotes-sep">\n<section class="footnotes">\n<ol class="footnotes-list">\n<li id="fn1" class="footnote-item"><p>Footnote text <a href="#fnref1" class="footnote-backref">↩︎</a></p>\n</li>\n</ol>\n</section>',
    );
    expect(types).toEqual(['PARAGRAPH', 'DIVIDER', 'ORDERED_LIST']);
    expect(data[0].nodes[1].textData.decorations).toContainEqual({ type: 'ANCHOR', anchorData: { anchor: 'fn1' } });
    expect(data[2].nodes[0].nodes[0]).toMatchObject({
      id: 'fn1',
      nodes: [{}, { textData: { decorations: [{ anchorData: { anchor: 'fnref1' } }] } }],
    });
  });
});

describe('Ghost cards', () => {
  it('maps image and gallery cards', () => {
    const { types, data } = convert(
      '<figure class="kg-card kg-image-card kg-width-wide kg-card-hascaption"><img src="https://ghost.example/content/images/2023/01/photo.jpg" class="kg-image" alt="Mountains" loading="lazy" width="2000" height="1333" srcset="https://ghost.example/content/images/size/w600/2023/01/photo.jpg 600w"><figcaption><span style="white-space: pre-wrap;">Snowy peaks</span></figcaption></figure>' +
        '<figure class="kg-card kg-gallery-card kg-width-wide kg-card-hascaption"><div class="kg-gallery-container"><div class="kg-gallery-row"><div class="kg-gallery-image"><img src="https://ghost.example/a.jpg" width="2000" height="1500" loading="lazy" alt></div><div class="kg-gallery-image"><img src="https://ghost.example/b.jpg" width="2000" height="1500" loading="lazy" alt></div></div></div><figcaption><p><span style="white-space: pre-wrap;">Two photos</span></p></figcaption></figure>',
    );
    expect(types).toEqual(['IMAGE', 'GALLERY']);
    expect(data[0].imageData.image).toMatchObject({ width: 2000, height: 1333 });
    expect(data[1].galleryData.items).toHaveLength(2);
  });

  it('maps embed, bookmark, callout, toggle and button cards', () => {
    const html =
      '<figure class="kg-card kg-embed-card"><iframe width="200" height="113" src="https://www.youtube.com/embed/dQw4w9WgXcQ?feature=oembed" frameborder="0" allowfullscreen title="Never Gonna Give You Up"></iframe></figure>' +
      '<figure class="kg-card kg-embed-card"><blockquote class="twitter-tweet"><p lang="en" dir="ltr">Hello from Ghost</p>&mdash; Ghost (@Ghost) <a href="https://twitter.com/Ghost/status/1234567890123456789?ref_src=twsrc%5Etfw">January 1, 2023</a></blockquote>\n<script async src="https://platform.twitter.com/widgets.js" charset="utf-8"></script></figure>' +
      '<figure class="kg-card kg-bookmark-card"><a class="kg-bookmark-container" href="https://ghost.org/"><div class="kg-bookmark-content"><div class="kg-bookmark-title">Ghost platform</div><div class="kg-bookmark-description">Publishing.</div><div class="kg-bookmark-metadata"><img class="kg-bookmark-icon" src="https://ghost.org/favicon.ico" alt=""><span class="kg-bookmark-author">Ghost</span></div></div><div class="kg-bookmark-thumbnail"><img src="https://ghost.org/meta.png" alt=""></div></a></figure>' +
      '<div class="kg-card kg-callout-card kg-callout-card-blue"><div class="kg-callout-emoji">💡</div><div class="kg-callout-text">Remember to <b><strong style="white-space: pre-wrap;">save</strong></b> often.</div></div>' +
      '<div class="kg-card kg-toggle-card" data-kg-toggle-state="close"><div class="kg-toggle-heading"><h4 class="kg-toggle-heading-text"><span style="white-space: pre-wrap;">Is it free?</span></h4><button class="kg-toggle-card-icon" aria-label="Expand"><svg viewBox="0 0 24 24"><path d="M23.25,7.311"></path></svg></button></div><div class="kg-toggle-content"><p><span style="white-space: pre-wrap;">Yes, entirely.</span></p></div></div>' +
      '<div class="kg-card kg-button-card kg-align-center"><a href="https://ghost.org/pricing/" class="kg-btn kg-btn-accent">See pricing</a></div>';
    const { types, data, keptAsHtml, media } = convert(html, [
      'Hello from Ghost Ghost January 1 2023',
      'Ghost platform Publishing',
      'See pricing',
    ]);
    expect(types).toEqual(['VIDEO', 'EMBED', 'LINK_PREVIEW', 'CARD', 'COLLAPSIBLE_LIST', 'BUTTON']);
    expect(data[0].videoData.title).toBe('Never Gonna Give You Up');
    expect(data[1].embedData.oembed).toMatchObject({
      providerName: 'X',
      title: expect.stringContaining('Hello from Ghost'),
    });
    expect(data[2].linkPreviewData).toMatchObject({
      link: { url: 'https://ghost.org/' },
      title: 'Ghost platform',
      thumbnailUrl: 'https://ghost.org/meta.png',
    });
    expect(textOf([data[3]] as RicosNode[])).toBe('💡 Remember to save often.');
    expect(data[5].buttonData).toMatchObject({ text: 'See pricing', link: { url: 'https://ghost.org/pricing/' } });
    expect(keptAsHtml).toEqual([]);
    expect(media).toEqual(['https://ghost.org/meta.png']);
  });
});

describe('Substack', () => {
  it('maps a captioned image, drops the subscribe form, keeps footnotes', () => {
    const html =
      '<p>Intro<a class="footnote-anchor" data-component-name="FootnoteAnchorToDOM" id="footnote-anchor-1" href="#footnote-1" target="_self">1</a>.</p>' +
      '<div class="captioned-image-container"><figure><a class="image-link image2 is-viewable-img" target="_blank" href="https://substackcdn.com/image/fetch/f_auto/https%3A%2F%2Fsubstack-post-media.s3.amazonaws.com%2Fpublic%2Fimages%2Fabc_1456x816.png" data-component-name="Image2ToDOM"><div class="image2-inset"><picture><source type="image/webp" srcset="https://substackcdn.com/image/fetch/w_424,f_webp/abc.png 424w" sizes="100vw"><img src="https://substackcdn.com/image/fetch/w_1456/abc.png" width="1456" height="816" class="sizing-normal" alt="A chart" sizes="100vw"></picture><div class="image-link-expand"><div class="pencraft"><svg role="img" width="20" height="20" viewBox="0 0 20 20"><g><title></title><path d="M2.53 7.81"></path></g></svg></div></div></div></a><figcaption class="image-caption">Sales by year</figcaption></figure></div>' +
      '<div class="subscription-widget-wrap-editor" data-attrs="{&quot;url&quot;:&quot;https://example.substack.com/subscribe?&quot;}" data-component-name="SubscribeWidgetToDOM"><div class="subscription-widget show-subscribe"><div class="preamble"><p class="cta-caption">Thanks for reading!</p></div><form class="subscription-widget-subscribe"><input type="email" class="email-input" name="email" placeholder="Type your email…" tabindex="-1"><input type="submit" class="button primary" value="Subscribe"></form></div></div>' +
      '<div class="footnote" data-component-name="FootnoteToDOM"><a id="footnote-1" href="#footnote-anchor-1" class="footnote-number" contenteditable="false" target="_self">1</a><div class="footnote-content"><p>The footnote text.</p></div></div>';
    const { types, data, keptAsHtml, media } = convert(html);
    expect(types).toEqual(['PARAGRAPH', 'IMAGE', 'PARAGRAPH', 'PARAGRAPH']);
    expect(data[1].imageData.link).toBeUndefined();
    expect(media).toEqual(['https://substackcdn.com/image/fetch/w_1456/abc.png']);
    expect(keptAsHtml).toEqual([]);
    expect(textOf([data[3]] as RicosNode[])).toBe('1. The footnote text.');
    expect(data[0].nodes[1].textData.decorations).toContainEqual({
      type: 'ANCHOR',
      anchorData: { anchor: data[3].id },
    });
    expect(data[3].nodes[0].textData.decorations).toEqual([{ type: 'ANCHOR', anchorData: { anchor: data[0].id } }]);
  });

  it('maps a tweet by its address', () => {
    const html =
      '<div class="tweet" data-attrs="{&quot;url&quot;:&quot;https://twitter.com/jack/status/20&quot;,&quot;full_text&quot;:&quot;just setting up my twttr&quot;,&quot;username&quot;:&quot;jack&quot;,&quot;name&quot;:&quot;jack&quot;}" data-component-name="Tweet2ToDOM"><a class="tweet-link-top" href="https://twitter.com/jack/status/20"><div class="tweet-header"><span class="tweet-author-name">jack</span></div></a><div class="tweet-text">just setting up my twttr</div></div>';
    const { types, data } = convert(html, ['jack just setting up my twttr']);
    expect(types).toEqual(['EMBED']);
    expect(data[0].embedData.oembed.title).toBe('jack (@jack): just setting up my twttr');
  });
});

describe('embeds and what cannot be mapped', () => {
  it('maps frames and addresses of the providers the renderer knows', () => {
    const { types, data, keptAsHtml } = convert(
      '<iframe src="https://player.vimeo.com/video/76979871" width="640" height="360"></iframe>' +
        '<iframe src="https://open.spotify.com/embed/track/4uLU6hMCjMI75M1A2tKUQC?utm_source=generator" height="352"></iframe>' +
        '<iframe height="166" src="https://w.soundcloud.com/player/?url=https%3A//api.soundcloud.com/tracks/293"></iframe>' +
        '<blockquote class="instagram-media" data-instgrm-permalink="https://www.instagram.com/p/CxYz123AbCd/?utm_source=ig_embed"><a href="https://www.instagram.com/p/CxYz123AbCd/">View this post on Instagram</a></blockquote><script async src="//www.instagram.com/embed.js"></script>' +
        '<p>https://x.com/jack/status/20</p><p><a href="https://youtu.be/dQw4w9WgXcQ">https://youtu.be/dQw4w9WgXcQ</a></p>',
      ['View this post on Instagram', 'https://x.com/jack/status/20 https://youtu.be/dQw4w9WgXcQ'],
    );
    expect(types).toEqual(['VIDEO', 'EMBED', 'EMBED', 'EMBED', 'EMBED', 'VIDEO']);
    const providers = data
      .filter((n: Data) => n.type === 'EMBED')
      .map((n: Data) => embedHost(loneFrameSource(n.embedData.oembed.html))?.provider);
    expect(providers).toEqual(['Spotify', 'SoundCloud', 'Instagram', 'X']);
    expect(keptAsHtml).toEqual([]);
  });

  it('keeps an unknown element, a script, a form and an unknown frame as HTML, and reports them', () => {
    const { types, data, keptAsHtml } = convert(
      '<p>Before</p><my-widget data-id="7">Widget text</my-widget><script>track()</script><form action="/join"><input name="email"><button>Join</button></form><iframe src="https://maps.example/embed?q=1" height="300"></iframe><style>p { color: red }</style><p>After</p>',
      // Shown in the HTML blocks' frames.
      ['Widget text Join'],
    );
    expect(types).toEqual(['PARAGRAPH', 'HTML', 'HTML', 'HTML', 'HTML', 'HTML', 'PARAGRAPH']);
    expect(keptAsHtml).toEqual(['my-widget', 'script', 'form', 'iframe', 'style']);
    expect(data[1].htmlData.html).toBe('<my-widget data-id="7">Widget text</my-widget>');
    expect(data[4].htmlData).toMatchObject({ url: 'https://maps.example/embed?q=1' });
  });

  it('gives the same ids to the same HTML', () => {
    const html = '<h2>Title</h2><p>Text</p><ul><li>One</li></ul>';
    expect(htmlToRicos(html).nodes).toEqual(htmlToRicos(html).nodes);
    expect(htmlToRicos(html).nodes.every((node) => node.id && /^[a-z0-9]+$/.test(node.id))).toBe(true);
  });
});
