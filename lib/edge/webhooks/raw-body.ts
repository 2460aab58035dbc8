import { readBodyText } from '@/lib/core/http/body';
import { webhookErrors } from './errors';

export const MAX_WEBHOOK_BYTES = 64 * 1024;

/** The body as text, refused (413) as soon as it passes `maxBytes`, whatever Content-Length claims. */
export const readRawBody = (request: Request, maxBytes = MAX_WEBHOOK_BYTES): Promise<string> =>
  readBodyText(request, maxBytes, () => webhookErrors.tooLarge(maxBytes));
