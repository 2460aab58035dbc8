import { postPath } from '@/lib/core/site';
import { ratingValue } from '@/lib/edge/api/reader-input';
import { SITE_VISITOR, readerGet, readerPost, signInAndBack } from '@/lib/edge/api/reader-route';
import { otherMethods } from '@/lib/edge/api/respond';
import { publishedPostById } from '@/lib/edge/pages/post';
import { asksToSignInToRate, ratingService } from '@/lib/ratings';

// A post's rating (issue 31; the rules: lib/ratings/service.ts). POST `rating` (1 to 5): from the post's form a 303
// back to the post's rating, from JSON the post's `{ average, count, mine }`; a visitor's first rating sets the shared
// visitor cookie. Where only members rate, a visitor's form goes to sign in and comes back; JSON answers 401.
// Cross-site posts are refused. GET answers the post's summary and the reader's own rating, private, never cached.

type Context = RouteContext<'/api/posts/[postId]/rating'>;

export const GET = readerGet<Context>(SITE_VISITOR, (reader, { postId }) =>
  ratingService.reader(() => publishedPostById(postId), reader),
);

export const POST = readerPost<Context>(SITE_VISITOR, async ({ request, form, ...caller }, { postId }) => {
  const [post, value] = [() => publishedPostById(postId), () => ratingValue(request, form)];
  try {
    const { summary, mine, post: rated, newVisitor } = await ratingService.rate({ ...caller, post, value });
    return { to: `${postPath(rated.slug, rated.language)}#rating`, json: () => ({ ...summary, mine }), newVisitor };
  } catch (error) {
    if (!form || !asksToSignInToRate(error)) throw error;
    const { slug, language } = await post();
    return signInAndBack('signin-to-rate', `${postPath(slug, language)}#rating`);
  }
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods(['GET', 'POST']);
