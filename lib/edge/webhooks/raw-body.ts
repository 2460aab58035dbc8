import { readBodyText } from '@/lib/core/http/body';
import { webhookErrors } from './errors';

/**
 * The largest body taken: the largest event Wix can send for a post. A post event carries the post
 * (`@wix/auto_sdk_blog_posts`: PostUpdated's `currentEntity` is a Post, its rich content one of its optional
 * fields), and a Wix post is at most 400 KB. In the token the post is JSON inside the envelope's JSON inside the
 * payload's (three levels of string escaping when it comes as `currentEntityAsJson`), then base64url: a 400 KB
 * post of the demo's rich content made a token of 0.80 MB as an object and 1.16 MB as JSON text, 2.9 times the post
 * (tests/edge/webhooks/limits.test.ts). 2 MiB leaves room for content with more to escape, and is still a bound: the
 * body is read as a stream and refused as soon as it passes.
 */
export const MAX_WEBHOOK_BYTES = 2 * 1024 * 1024;

/** The body as text, refused (413) as soon as it passes `maxBytes`, whatever Content-Length claims. */
export const readRawBody = (request: Request, maxBytes = MAX_WEBHOOK_BYTES): Promise<string> =>
  readBodyText(request, maxBytes, () => webhookErrors.tooLarge(maxBytes));
