import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { RichContent } from '@/components/rich-content/rich-content';
import { MAX_INFLATED_BYTES, decompressRichContent, withRichContent } from '@/lib/blog/compressed';
import { reshapePost } from '@/lib/blog/wix/reshape';
import { createLocalSource } from '@/lib/blog/local';
import { makePost, writeContentDir } from '../helpers/posts';
import { restPost } from '../helpers/wix-blog';

// A post carrying `richContentCompressed` and no `richContent` (issue 31). Wix's typings call the field "Post rich
// content as compressed binary data" (Uint8Array; JSON sends bytes as base64) without naming the compression, so each
// common one is read by its signature; the document is rendered like any other. Anything else leaves the post as is.

const document = {
  nodes: [
    {
      type: 'PARAGRAPH',
      id: 'p1',
      nodes: [{ type: 'TEXT', id: '', nodes: [], textData: { text: 'Unpacked on the server', decorations: [] } }],
      paragraphData: {},
    },
  ],
  metadata: { version: 1 },
};
const json = Buffer.from(JSON.stringify(document));

describe('compressed rich content', () => {
  it('is read whatever the common compression: gzip, zlib, raw deflate, Brotli; base64 or base64url', () => {
    for (const bytes of [gzipSync(json), deflateSync(json), deflateRawSync(json), brotliCompressSync(json)]) {
      expect(decompressRichContent(bytes.toString('base64'))).toEqual(document);
      expect(decompressRichContent(bytes.toString('base64url'))).toEqual(document);
    }
  });

  it('renders like any post, through the Wix source as the SDK hands it over (bytes)', () => {
    const post = reshapePost({
      ...restPost({ richContent: undefined }),
      richContentCompressed: new Uint8Array(gzipSync(json)),
    });
    expect(post.richContent).toEqual(document);
    expect(renderToStaticMarkup(<RichContent content={post.richContent} />)).toContain('Unpacked on the server');
  });

  it('renders from a content file that holds only the compressed form (the local source)', async () => {
    const dir = writeContentDir([
      makePost(1, { richContent: undefined, richContentCompressed: deflateSync(json).toString('base64') }),
    ]);
    const post = await createLocalSource(dir).getPost('post-0001', { fieldsets: ['RICH_CONTENT'] });
    expect(post?.richContent).toEqual(document);
  });

  it('leaves a post with its own rich content, garbage, and other JSON alone', () => {
    const own = { richContent: { nodes: [] }, richContentCompressed: gzipSync(json).toString('base64') };
    expect(withRichContent(own)).toBe(own);
    for (const bad of [
      'not base64!',
      Buffer.from('plain text').toString('base64'),
      gzipSync('{"a":1}').toString('base64'),
    ]) {
      expect(withRichContent({ richContent: undefined, richContentCompressed: bad }).richContent).toBeUndefined();
    }
  });

  it('refuses to inflate past its cap (a few bytes must not fill the memory)', () => {
    const bomb = gzipSync(Buffer.alloc(MAX_INFLATED_BYTES + 1024, 0x20));
    expect(bomb.length).toBeLessThan(10_000);
    expect(decompressRichContent(bomb.toString('base64'))).toBeNull();
  });
});
