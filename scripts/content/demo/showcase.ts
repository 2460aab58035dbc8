import { budgetFile, chimeFile, gifFile, images, shapeFile, videoFile } from '../media';
import { card, checklist, code, collapsible, divider, h, layout, li, ol, p, quote, smartBlock, table, toc, ul } from '../ricos/blocks';
import { actionButton, appEmbed, audio, embed, external, file, gallery, gif, html, image, linkButton, linkPreview, map, poll, shape, video } from '../ricos/media';
import { bold, deco, italic, link, mention, strike, t, underline } from '../ricos/text';
import { authors } from '../taxonomy';
import type { PostDef } from './types';

// One published post that uses the blocks and marks the other posts rarely need, so the renderer has a page to be tested on.
// Everything it loads is in content/media or inline: the demo works without a network.

/** An embed's own markup: tab through the buttons to see the focus ring that only keyboard focus draws. */
const FOCUS_VISIBLE_DEMO = `<style>
body { font: 16px system-ui, sans-serif; margin: 16px; }
button { font: inherit; margin: 0 8px 8px 0; padding: 8px 16px; border: 0; border-radius: 6px; background: #1f4fd8; color: #fff; }
button:focus { outline: none; }
button:focus-visible { outline: 3px solid #ffb703; outline-offset: 2px; }
</style>
<p>Press Tab: the ring appears for keyboard focus, not for a click.</p>
<button>First</button><button>Second</button><button>Third</button>`;

/** An HTML block with a script of its own, which runs only inside its sandboxed frame. */
const LATENCY_CALCULATOR = `<div style="font:16px system-ui,sans-serif;margin:16px">
<p style="margin:0 0 12px"><strong>Latency calculator</strong>: what round trips cost before the first byte.</p>
<label>Round trips <input id="trips" type="number" min="1" max="10" value="4" style="width:4em"></label>
<label>× round-trip time (ms) <input id="rtt" type="number" min="1" max="1000" value="80" style="width:5em"></label>
<p style="margin:12px 0 0">= <output id="total">320</output> ms</p>
</div>
<script>
const field = (id) => document.getElementById(id);
document.addEventListener('input', () => { field('total').value = Number(field('trips').value) * Number(field('rtt').value); });
</script>`;

export const showcasePosts: PostDef[] = [
  {
    slug: 'every-block-our-editor-supports',
    title: 'Every block our editor supports',
    excerpt: 'A tour of every content block and text style our blog editor can produce, from tables and polls to audio and shapes, rendered on the server.',
    date: '2026-08-18T09:00:00.000Z',
    author: 'maya',
    categories: ['field-notes'],
    tags: ['react', 'testing'],
    hashtags: ['richcontent', 'editor'],
    image: images.editor,
    metrics: [1240, 96, 4],
    body: [
      p('We render every post on the server from the editor’s document tree, without the editor’s own viewer. To keep ourselves honest, this page uses every block and every text style the editor offers. If something here looks broken, our renderer is broken, and we would love to hear about it.'),
      toc([2]),
      h(1, 'Headings, from one to six'),
      h(2, 'Text and its styles', { id: 'text-styles' }),
      p('Text can be ', bold('bold'), ', ', italic('italic'), ', ', underline('underlined'), ' or ', strike('struck through'), '. It can be ', t('coloured', deco.color('#D62828')), ' or ', t('highlighted', deco.color(undefined, '#FFF4E5')), ', set ', t('larger', deco.fontSize(22)), ' or in ', t('a different typeface', deco.fontFamily('Georgia, serif')), '.'),
      p('Chemists write H', t('2', deco.sub), 'O and mathematicians write E = mc', t('2', deco.sup), '. An editor can ', t('circle a phrase', deco.sketch('CIRCLE', '#1F4FD8')), ' or ', t('highlight it like a marker', deco.sketch('HIGHLIGHT', '#FFD166')), '.'),
      p('Some text is hidden until you click it: ', t('the renderer must not show this before the reader asks', deco.spoiler('showcase-spoiler')), '. Mentions look like this: ', mention(authors.tomas.name, authors.tomas.slug), '. A phrase can jump to [another part of this page](#embeds), and ', t('a term can carry data for a plugin', deco.external), '.'),
      p('Links come in several kinds: ', link('a normal external link', 'https://developer.mozilla.org/'), ', ', link('a sponsored one', 'https://example.com/sponsor', { sponsored: true }), ', ', link('one to user content', 'https://example.org/community', { ugc: true }), ', ', link('one we do not vouch for', 'https://example.net/', { nofollow: true }), ' and ', link('one to our own feed', '/feed.xml'), '. Text can combine ', t('several styles at once', deco.bold, deco.italic, deco.underline, deco.color('#1F4FD8')), '.'),
      h(3, 'A third-level heading'),
      h(4, 'A fourth-level heading'),
      h(5, 'A fifth-level heading'),
      h(6, 'A sixth-level heading'),
      h(2, 'Lists', { id: 'lists' }),
      ul(
        'A bulleted list item',
        li('An item with a nested list', ul('Nested bullet', li('Nested deeper', ol('A numbered list inside', 'And its second item')))),
        'Back at the top level',
      ),
      ol('First step', 'Second step', li('Third step, with notes', ul('A note', 'Another note'))),
      checklist([true, 'A checklist item that is done'], [false, 'One that is not, yet']),
      h(2, 'Quotes, code and dividers', { id: 'blocks' }),
      p('A block quote, a code block and three dividers:'),
      quote('Simplicity is prerequisite for reliability.', [italic('Edsger W. Dijkstra')]),
      code(`export function greet(name: string): string {
  return \`Hello, \${name}!\`;
}`),
      divider('SINGLE'),
      divider('DASHED'),
      divider('DOTTED'),
      h(2, 'Tables and layouts', { id: 'tables' }),
      table([
        ['Block', 'Kind', 'Renders on the server'],
        ['Table', 'Structure', 'Yes'],
        ['Poll', 'Interactive', 'As a static list of options'],
        ['Map', 'Embed', 'As a link to the location'],
      ]),
      layout([
        [image(images.mosaic), p('A two-column layout: an image on one side ...')],
        [p('... and text on the other. On narrow screens the cells stack.'), p('Each cell can hold any block.')],
      ]),
      card([h(3, 'A card'), p('Cards group a few blocks on a coloured background, useful for call-outs and summaries.')], '#EEF4FF'),
      smartBlock('PROCESS_STEPS', [
        { label: 'Write', nodes: [p('Draft the post in the editor.')] },
        { label: 'Review', nodes: [p('A teammate reads it and checks every number.')] },
        { label: 'Publish', nodes: [p('A webhook clears exactly the cached pages it affects.')] },
      ]),
      collapsible([
        ['A collapsible item', [p('Its body is hidden until the reader opens it, unless it is the first item.')]],
        ['Another one', [p('Bodies can hold any block, including lists:'), ul('like this', 'one')]],
      ]),
      h(2, 'Images, galleries and GIFs', { id: 'images' }),
      image(images.waves, { caption: ['An image with a caption and a link to ', t('the full-size file', deco.underline)], link: { url: '/media/hero-waves.png', target: 'BLANK' } }),
      gallery([images.grid, images.circles, images.stripes, images.blocks], 'MASONRY'),
      gif(gifFile),
      shape(shapeFile, '#1F4FD8'),
      h(2, 'Video and audio', { id: 'media' }),
      p('A video file from our own media folder, with its poster image:'),
      video(`/media/${videoFile.file}`, videoFile.title, images.poster),
      p('And an audio clip, the chime our deploy bot plays when a release goes out:'),
      audio(`/media/${chimeFile.file}`, 'Release chime', 'The Render Path', images.circles),
      h(2, 'Embeds, links and raw HTML', { id: 'embeds' }),
      p('A preview of a link, here to another post of ours, and an embed whose markup runs in a sandboxed frame:'),
      linkPreview('/post/what-lcp-actually-measures', 'What LCP actually measures (and what it doesn’t)', 'What the browser really times when it reports Largest Contentful Paint, and three ways we fooled ourselves.', `/media/${images.bars.file}`),
      embed('/post/keyboard-first-auditing-our-navigation', {
        type: 'rich',
        title: 'focus-visible demo',
        providerName: 'The Render Path',
        providerUrl: '/',
        authorName: 'The Render Path',
        width: 800,
        height: 180,
        html: FOCUS_VISIBLE_DEMO,
      }),
      html({ html: '<div style="padding:16px;border:1px dashed #1f4fd8;border-radius:8px;font-family:system-ui">This box is raw HTML from the editor’s HTML block. <strong>It renders in a sandboxed frame.</strong></div>' }, 120),
      html({ html: LATENCY_CALCULATOR }, 200),
      file(`/media/${budgetFile.file}`, 'performance-budget.csv', 'csv', 'text/csv', 1),
      map({ address: 'Piet Heinkade 179, 1019 HC Amsterdam, Netherlands', locationName: 'Pakhuis de Zwijger', lat: 52.37683, lng: 4.92269 }),
      appEmbed({
        type: 'BOOKING',
        itemId: 'performance-review-call',
        name: 'Book a 30-minute performance review',
        url: '/post/a-performance-checklist-for-new-projects',
        image: { src: { url: '/media/hero-grid.png' }, width: 1200, height: 630 },
        bookingData: { durations: '30' },
      }),
      external({ type: 'render-path/reading-progress', version: 1, settings: { position: 'top', color: '#1F4FD8' } }),
      h(2, 'Polls and buttons', { id: 'buttons' }),
      poll('showcase-poll', 'Which block should we write about next?', ['Tables', 'Galleries', 'Polls']),
      p('A link button goes somewhere; an action button does something in the page (here, nothing at all, since the page is static).'),
      linkButton('Read the performance checklist', { url: '/post/a-performance-checklist-for-new-projects', target: 'SELF' }),
      actionButton('Copy link'),
    ],
  },
];
