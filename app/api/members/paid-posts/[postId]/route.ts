import { readerGet } from '@/lib/edge/api/reader-route';
import { otherMethods } from '@/lib/edge/api/respond';
import { publishedPostById } from '@/lib/edge/pages/post';
import { opensTo } from '@/lib/plans';

// GET: whether the signed-in member holds a plan that opens this published post, `{ open }` and nothing more (no plan,
// no paid text): the public post page's paywall island (components/post/paywall-offer.tsx) then offers "Read on" to
// /read/{slug} instead of "Join". Asked of the platform on each call; private, never stored. No member: `{ open:
// false }`; a free post: `{ open: true }`; an unknown post: the catalogue's 404.

type Context = { params: Promise<{ postId: string }> };

export const GET = readerGet<Context>(null, async ({ session }, { postId }) => ({
  open: await opensTo(await publishedPostById(postId), session),
}));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['GET']);
