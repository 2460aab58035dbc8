import { describe, expect, it } from 'vitest';
import { searchHit, searchSnippet, type SnippetPart } from '@/lib/blog/query/search';
import { makePost } from '../helpers/posts';

// Issue 47: a search result shows the post's text around the first match, the matched words marked, instead of the
// excerpt (which may not hold the words at all). The snippet is plain text in parts; the page makes the marks.

const shown = (parts: SnippetPart[] | null) => parts?.map((p) => (p.mark ? `[${p.text}]` : p.text)).join('') ?? null;

const filler = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');

describe('searchSnippet', () => {
  it('shows the text around the first match, cut at spaces, with every matched word marked', () => {
    const text = `${filler(40)} the cache tags clear a page. ${filler(60)} and the cache again.`;
    const snippet = shown(searchSnippet(text, 'Cache'));
    expect(snippet).toMatch(/^…word\d+ /);
    expect(snippet).toContain('the [cache] tags clear a page.');
    expect(snippet).toMatch(/ word\d+…$/);
    expect(snippet!.length).toBeLessThan(260);
    // The second "cache" lies past the window: only what is shown is marked.
    expect(snippet!.match(/\[cache\]/g)).toHaveLength(1);
  });

  it('marks each word of the query, whole words where a word was found inside one, as search matches', () => {
    expect(shown(searchSnippet('Rendering on the server, then caching it.', 'render cach'))).toBe(
      '[Rendering] on the server, then [caching] it.',
    );
  });

  it('finds words without their accents or case, and marks the text as written', () => {
    expect(shown(searchSnippet('Un café crème, después la cuenta.', 'CREME despues'))).toBe(
      'Un café [crème], [después] la cuenta.',
    );
  });

  it('starts at the text’s start when the match is near it, and keeps a short text whole', () => {
    expect(shown(searchSnippet('Paint timing\nin two\n\nparagraphs.', 'paint'))).toBe(
      '[Paint] timing in two paragraphs.',
    );
  });

  it('is null when no word is in the text', () => {
    expect(searchSnippet('Nothing to see here.', 'zebra')).toBeNull();
    expect(searchSnippet('', 'zebra')).toBeNull();
    expect(searchSnippet('Some text', '   ')).toBeNull();
  });

  it('keeps markup in the text and the query as text', () => {
    const parts = searchSnippet('Before <script>alert(1)</script> after', '<script>alert(1)</script>');
    expect(parts).toEqual([{ text: 'Before ' }, { text: '<script>alert(1)</script>', mark: true }, { text: ' after' }]);
  });
});

describe('searchHit', () => {
  it('is the post without its text, with the snippet of its text', () => {
    const hit = searchHit(makePost(1, { contentText: 'A long body about layout shifts.' }), 'layout');
    expect(hit.post).not.toHaveProperty('contentText');
    expect(hit.post.id).toBe('post-0001');
    expect(shown(hit.snippet)).toBe('A long body about [layout] shifts.');
  });

  it('takes the excerpt where only it matched, and has none where only the title did', () => {
    const post = makePost(2, { title: 'Zebra crossings', excerpt: 'A short note on crossings.', contentText: 'Body' });
    expect(shown(searchHit(post, 'note').snippet)).toBe('A short [note] on crossings.');
    expect(searchHit(post, 'zebra').snippet).toBeNull();
  });
});
