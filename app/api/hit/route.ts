import { answerPageBeacon } from '@/lib/edge/api/beacon';
import { jsonHandler, otherMethods } from '@/lib/edge/api/respond';

// POST: a public page's view beacon (components/analytics/page-beacon.tsx): the body `{ url, referrer }`, the page's
// own address and the page the reader came from, counted for the owner's analytics (lib/edge/api/beacon.ts). The
// proxy answers it first (proxy.ts); this route is the same answer where the proxy does not run. A post's page counts
// through its own route, with the post. 204 whatever was counted: a client learns nothing.

export const POST = jsonHandler(answerPageBeacon);

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['POST']);
