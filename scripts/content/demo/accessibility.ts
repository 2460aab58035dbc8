import { images } from '../media';
import { checklist, code, collapsible, h, ol, p, quote, ul } from '../ricos/blocks';
import { image } from '../ricos/media';
import { bold, italic } from '../ricos/text';
import type { PostDef } from './types';

export const accessibilityPosts: PostDef[] = [
  {
    slug: 'keyboard-first-auditing-our-navigation',
    title: 'Keyboard first: auditing our navigation',
    excerpt: 'We unplugged the mouse for a day and tried to use our own blog. The checklist we ended up with, and the five bugs it found.',
    date: '2025-09-16T09:00:00.000Z',
    author: 'tomas',
    categories: ['accessibility'],
    tags: ['testing', 'css'],
    hashtags: ['a11y', 'keyboard'],
    image: images.blocks,
    metrics: [5230, 447, 21],
    related: ['screen-reader-testing-a-starter-kit'],
    body: [
      p('Many people navigate the web without a mouse: with a keyboard, a switch device, voice control or a screen reader, all of which rely on the same underlying keyboard support. So we unplugged the mouse for a day and tried to read, search and comment on our own blog.'),
      p('It was humbling. Here is the checklist we used, with the state of each item at the end of the day.'),
      checklist(
        [true, 'Every interactive element can be reached with Tab, in an order that matches the visual layout'],
        [true, 'Focus is always visible, with at least 3:1 contrast against the background'],
        [true, 'A “skip to content” link is the first thing Tab reaches'],
        [false, 'Menus open with Enter or Space and close with Escape, returning focus to the button'],
        [true, 'No keyboard trap: focus can always leave a widget'],
        [false, 'Modal dialogs keep focus inside while open and restore it when closed'],
      ),
      h(2, 'What we found'),
      ol(
        ['The search overlay could be opened but not closed without a mouse. ', bold('Fixed'), ' by handling Escape.'],
        ['Our custom focus style was removed by a CSS reset on buttons. ', bold('Fixed'), ' with `:focus-visible` styles on every interactive element.'],
        ['The “like” button was a `div` with a click handler. ', bold('Fixed'), ' by making it a real `button`.'],
        ['The category menu did not return focus to its trigger when closed. Still open.'],
        ['The image lightbox did not trap focus. Still open.'],
      ),
      h(2, 'The focus style we settled on'),
      code(`:focus-visible {
  outline: 3px solid #1f4fd8;
  outline-offset: 2px;
  border-radius: 2px;
}`),
      quote('If you cannot use it with a keyboard, some of your readers cannot use it at all.'),
      p('We now spend the first hour of every release candidate review without a mouse. It has caught a regression every other release.'),
    ],
  },
  {
    slug: 'writing-alt-text-that-helps',
    title: 'Writing alt text that helps',
    excerpt: 'Alt text is not a caption and not a keyword field. How we decide what to write, with examples from our own posts.',
    date: '2026-02-24T08:30:00.000Z',
    author: 'tomas',
    categories: ['accessibility'],
    tags: ['images'],
    hashtags: ['a11y', 'alttext'],
    image: images.sunset,
    metrics: [3890, 366, 17],
    body: [
      p('The `alt` attribute replaces an image for anyone who cannot see it: screen reader users, people on connections where images fail, and search engines. Writing it well is less about rules and more about one question: *what is this image doing here?*'),
      h(2, 'Ask what the image is for'),
      ul(
        ['**Informative** images carry content. Describe the information, not the pixels.'],
        ['**Functional** images are links or buttons. Describe the action: “Search”, not “magnifying glass”.'],
        ['**Decorative** images add nothing a reader would miss. Use an empty `alt=""` so screen readers skip them.'],
      ),
      h(2, 'An example from this blog'),
      image(images.waterfall, { legacyCaption: 'The waterfall chart from our post on reading WebPageTest results.' }),
      p('For this chart we wrote: ', italic('“A network waterfall: one row per request, split into DNS, connect, wait and download.”'), ' It says what kind of chart it is and how it is structured. The point the chart makes is in the surrounding text, so the alt text does not repeat it.'),
      h(2, 'Things to avoid'),
      ul('Starting with “image of” or “picture of”; screen readers already announce it as an image', 'Stuffing keywords for search engines', 'Repeating the caption word for word', 'Leaving the file name as the alt text'),
      h(2, 'Length'),
      p('There is no hard limit, but if the description runs past a couple of sentences, the content probably belongs in the text of the page where everyone can read it, with a short alt text pointing to it.'),
    ],
  },
  {
    slug: 'reduced-motion-done-properly',
    title: 'Reduced motion, done properly',
    excerpt: 'Respecting prefers-reduced-motion is more than turning animations off. Which motion to keep, which to remove, and how to structure the CSS.',
    date: '2026-05-05T09:45:00.000Z',
    author: 'tomas',
    categories: ['accessibility'],
    tags: ['css'],
    hashtags: ['a11y', 'motion'],
    image: images.waves,
    metrics: [2760, 241, 6],
    body: [
      p('Large movements on screen can cause dizziness and nausea for people with vestibular disorders. Operating systems let users ask for less motion, and browsers expose that preference to CSS as `prefers-reduced-motion`. Respecting it is easy to start and surprisingly subtle to finish.'),
      h(2, 'Reduce, do not remove'),
      p('“Reduced” is not “none”. A fade that confirms an action is helpful and harmless; a parallax hero that slides across the screen is neither. We sort motion into three groups:'),
      ol(
        ['**Keep:** opacity fades and colour changes that give feedback'],
        ['**Shorten or replace:** slides and zooms that show where something came from; use a quick fade instead'],
        ['**Remove:** parallax, auto-playing carousels and decorative background animation'],
      ),
      h(2, 'Motion as an enhancement'),
      p('We write animations inside a `no-preference` query, so the default is still and motion is the enhancement. That way a browser that does not support the query, or a stylesheet that fails to load partly, errs on the safe side:'),
      code(`.card {
  transition: opacity 150ms ease;
}

@media (prefers-reduced-motion: no-preference) {
  .card {
    transition: opacity 150ms ease, transform 300ms ease;
  }
  .card:hover {
    transform: translateY(-4px);
  }
}`),
      h(2, 'Do not forget JavaScript'),
      p('Smooth scrolling, animated counters and scroll-triggered effects often live in scripts. Check the preference with `matchMedia` before starting them, and listen for changes, since the user can flip the setting while the page is open.'),
    ],
  },
  {
    slug: 'screen-reader-testing-a-starter-kit',
    title: 'Screen reader testing: a starter kit',
    excerpt: 'You do not need to be an expert to catch the worst screen reader bugs. The three tools, ten commands and five checks we teach every developer.',
    date: '2026-07-07T08:00:00.000Z',
    author: 'maya',
    categories: ['accessibility'],
    tags: ['testing'],
    hashtags: ['a11y', 'screenreader'],
    image: images.triangles,
    metrics: [3150, 287, 13],
    related: ['keyboard-first-auditing-our-navigation'],
    body: [
      p('Automated accessibility checkers find about a third of real problems. The rest need a human, and the quickest way to become a useful one is to spend half an hour a week with a screen reader. This is the starter kit we give every developer who joins.'),
      h(2, 'Five checks for every page'),
      ol(
        'Listen to the page title and the first heading: do they say where you are?',
        'Jump through headings: does the outline make sense on its own?',
        'Jump through landmarks: is there one main, and is navigation labelled?',
        'Tab through the form: does every field announce its label and any error?',
        'Trigger every dynamic update: is the change announced?',
      ),
      h(2, 'Questions we get asked'),
      collapsible([
        ['Which screen reader should I start with?', [p('The one built into your system: VoiceOver on macOS and iOS, Narrator on Windows, TalkBack on Android. For deeper testing on Windows, NVDA is free and widely used.')]],
        ['Do I need to test every browser combination?', [p('No. Test the common pairs: VoiceOver with Safari, NVDA with Firefox or Chrome, TalkBack with Chrome. Most bugs show up in all of them.')]],
        [
          'What are the first commands to learn?',
          [
            p('With VoiceOver on a Mac:'),
            ul('Control + Option + U opens the rotor, a list of headings, links and landmarks', 'Control + Option + arrow keys move through content', 'Tab moves between interactive elements', 'Control stops speech'),
          ],
        ],
        ['Is it rude to ask screen reader users to test my site?', [p('Not if you pay them. Testing by experienced users finds things no checklist will. Budget for it the way you budget for any other user research.')]],
      ]),
      quote('Half an hour a week with a screen reader will teach you more than a day reading guidelines.'),
    ],
  },
];
