import { images } from '../media';
import { h, p } from '../ricos/blocks';
import { embed, html, image, linkButton, linkPreview } from '../ricos/media';
import { deco, t } from '../ricos/text';
import type { PostDef } from './types';

// Published on purpose: security tests load this page and assert that none of it executes or escapes its element.
const PWN = '<script>window.__pwned = 1</script>';

export const hostilePosts: PostDef[] = [
  {
    slug: 'security-test-hostile-content',
    title: 'Security test: hostile content',
    excerpt: `A page of content that must render inert: ${PWN} <img src=x onerror="window.__pwned = 1">`,
    date: '2026-11-12T10:00:00.000Z',
    author: 'tomas',
    categories: ['field-notes'],
    tags: ['testing'],
    hashtags: ['securitytest'],
    image: images.blocks,
    metrics: [55, 1, 0],
    seo: {
      title: `</title>${PWN}<title>`,
      description: `"><script>window.__pwned = 1</script>`,
      keywords: ['security test'],
    },
    body: [
      p('This post exists for our automated security tests. Every block below carries something a careless renderer would execute. If you can see an alert, or `window.__pwned` is set, the renderer has a bug.'),
      h(2, `Heading with markup ${PWN}`),
      p('A link whose URL runs script: ', t('click me', deco.link({ url: 'javascript:alert(1)', target: 'BLANK' })), '. The same with odd spelling: ', t('and me', deco.link({ url: ' JaVaScRiPt:window.__pwned=1', target: 'SELF' })), '.'),
      p(`Text that looks like markup and must appear literally: ${PWN} <img src=x onerror="window.__pwned = 1">`),
      p(
        t('Colour with CSS injection', deco.color('red;background:url(javascript:alert(1))')),
        ' ',
        t('and a font family that tries to close the style', deco.fontFamily('x;}</style><script>window.__pwned = 1</script>')),
        ' ',
        t('and an anchor with quotes', deco.anchor('"><img src=x onerror="window.__pwned = 1">')),
        ' ',
        t('@mention', deco.mention('<b>evil</b>', '../../admin"><script>window.__pwned = 1</script>')),
      ),
      html({ html: `<p>An HTML block with a script:</p>${PWN}<img src=x onerror="window.__pwned = 1">` }),
      html({ url: 'javascript:window.__pwned=1' }),
      linkButton('A button to a data URL', { url: 'data:text/html,<script>window.__pwned = 1</script>', target: 'BLANK' }),
      image(images.blocks, { link: { url: 'javascript:window.__pwned=1', target: 'BLANK' }, caption: [`Caption ${PWN}`] }),
      linkPreview('javascript:window.__pwned=1', `Preview ${PWN}`, '<img src=x onerror="window.__pwned = 1">', 'javascript:window.__pwned=1'),
      embed('https://example.com/embed', { type: 'rich', title: 'Embed with script', html: `<div>embed</div>${PWN}` }),
    ],
  },
];
