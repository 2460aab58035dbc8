import { brotliDecompressSync, gunzipSync, inflateRawSync, inflateSync } from 'node:zlib';
import type { Post } from './types';

// A post that carries its rich content compressed (`richContentCompressed`) and not as `richContent` (issue 31). Wix's
// own typings name the field "Post rich content as compressed binary data" (`Uint8Array`, @internal, in the Blog
// post's typings of the SDK's generated modules), which proto3's JSON mapping sends as base64; the compression is not
// documented, so the bytes are read by their signature: gzip (1f 8b), zlib (78 …), else raw deflate, else Brotli (no
// signature of its own). What comes out must be a Ricos document (`{ nodes: [...] }`); anything else leaves the post
// as it was. The output is capped: a post is at most 400 KB at Wix, and a few bytes must not inflate into memory.

/** The largest document a compressed field may inflate to. */
export const MAX_INFLATED_BYTES = 4 * 1024 * 1024;

function inflate(bytes: Buffer): Buffer | null {
  const options = { maxOutputLength: MAX_INFLATED_BYTES };
  const attempts: (() => Buffer)[] =
    bytes[0] === 0x1f && bytes[1] === 0x8b
      ? [() => gunzipSync(bytes, options)]
      : bytes[0] === 0x78
        ? [() => inflateSync(bytes, options), () => inflateRawSync(bytes, options)]
        : [() => inflateRawSync(bytes, options), () => brotliDecompressSync(bytes, options)];
  for (const attempt of attempts) {
    try {
      return attempt();
    } catch {
      // The next reading, or none.
    }
  }
  return null;
}

/** The Ricos document a compressed field holds, or null when it holds none. */
export function decompressRichContent(compressed: string): { nodes: unknown[] } | null {
  const base64 = compressed.replace(/-/g, '+').replace(/_/g, '/');
  if (!/^[A-Za-z0-9+/]+=*$/.test(base64)) return null;
  const raw = inflate(Buffer.from(base64, 'base64'));
  if (!raw) return null;
  try {
    const document = JSON.parse(raw.toString('utf8')) as unknown;
    return typeof document === 'object' && document !== null && Array.isArray((document as { nodes?: unknown }).nodes)
      ? (document as { nodes: unknown[] })
      : null;
  } catch {
    return null;
  }
}

/** The post with its rich content decoded from `richContentCompressed` where it carries no `richContent`. */
export function withRichContent<P extends Pick<Post, 'richContent' | 'richContentCompressed'>>(post: P): P {
  if (post.richContent || !post.richContentCompressed) return post;
  const document = decompressRichContent(post.richContentCompressed);
  return document ? { ...post, richContent: document as P['richContent'] } : post;
}
