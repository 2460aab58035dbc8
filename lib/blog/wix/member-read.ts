import { posts } from '@wix/blog';
import type { Post, PostFieldset } from '../types';
import { callAsHolder } from '@/lib/wix/sdk-clients';
import { wixTokens } from '@/lib/wix/tokens';
import { transportFor } from '@/lib/wix/transport';
import { isNotFound, toCatalogueError } from '@/lib/wix/upstream';
import { type WixSourceConfig, fieldsetOption } from './client';
import { pathSegment } from './segments';
import * as reshape from './reshape';

// A paid post read as a member, at a Wix site the site reads without an API key. There the site's own calls are a
// visitor's, and Wix answers a visitor a paid post's preview: "Whether the returned content is a preview of premium
// content ... A preview displays a limited number of paragraphs of paid content to non-subscribed users"
// (@wix/auto_sdk_blog_posts Post.preview). The member's own access token (their session's refresh token, renewed once
// on a 401) reads what their plans let them read: the whole post, or, without a plan that opens it, the preview again,
// which the caller then treats as closed.

/**
 * Reads of a post as a member, over one transport and the site's token cache (made once per process, as the source's
 * own client is): the post with this slug as the member whose Wix refresh token this is reads it; null when none.
 */
export function memberPostReads(config: WixSourceConfig) {
  const transport = transportFor(config);
  const tokens = wixTokens({ clientId: config.clientId!, transport, cache: config.tokens });
  return async function memberPostBySlug(
    refreshToken: string,
    slug: string,
    fieldsets: readonly PostFieldset[],
  ): Promise<Post | null> {
    const segment = pathSegment(slug);
    if (segment === null) return null;
    try {
      const response = await callAsHolder(tokens, refreshToken, { posts }, transport, 'the member', (client) =>
        client.posts.getPostBySlug(segment, fieldsetOption([...fieldsets])),
      );
      return reshape.reshapePost(reshape.envelope(response, 'getPostBySlug').post, 'getPostBySlug');
    } catch (error) {
      if (isNotFound(error)) return null;
      throw toCatalogueError(error, 'getPostBySlug', []);
    }
  };
}
