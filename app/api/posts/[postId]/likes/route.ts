import { LIKES_FRAGMENT, postPath } from '@/lib/core/site';
import { likeIntent } from '@/lib/edge/api/reader-input';
import { LIKER_VISITOR, readerGet, readerPost } from '@/lib/edge/api/reader-route';
import { otherMethods } from '@/lib/edge/api/respond';
import { publishedPostById } from '@/lib/edge/pages/post';
import { likeService } from '@/lib/likes';

// A post's likes (the rules: lib/likes/service.ts). GET answers `{ total, liked }` for this browser (private, never
// cached). POST likes (or, with `intent=unlike`, unlikes) and DELETE unlikes: a form post (the button without
// JavaScript) gets a 303 back to the post's like button, JSON (the island) the new `{ total, liked }`. A first like
// without an account sets the liker cookie (and its readable hint). Cross-site posts are refused.

type Context = RouteContext<'/api/posts/[postId]/likes'>;

export const GET = readerGet<Context>(LIKER_VISITOR, (reader, { postId }) =>
  likeService.state(postId, () => publishedPostById(postId), reader),
);

const write = readerPost<Context>(LIKER_VISITOR, async ({ request, form, ...caller }, { postId }) => {
  const intent = () => likeIntent(request, form);
  const { state, post, newVisitor } = await likeService.write({
    ...caller,
    postId,
    intent,
    post: () => publishedPostById(postId),
  });
  return { to: `${postPath(post.slug, post.language)}#${LIKES_FRAGMENT}`, json: () => state, newVisitor };
});

export const POST = write;
export const DELETE = write;

export const { PUT, PATCH, OPTIONS } = otherMethods(['GET', 'POST', 'DELETE']);
