import { errors } from '@/lib/core/errors';
import { readBodyText } from '@/lib/core/http/body';
import { readJsonBody } from './body';

// What the comment routes read of a request: its fields, from a form or JSON. The rules (who, how often, the
// captcha) are lib/comments/service.ts's.

/** A comment form or JSON body's fields: 12,000 characters of text written in any script fit, urlencoded. */
const MAX_BODY = 160 * 1024;

/** The fields a comment request sends, as strings (a JSON value that is not a string is left out). */
export async function commentFields(request: Request, form: boolean): Promise<Record<string, string>> {
  const tooLarge = () => errors.payloadTooLarge('request body is larger than 160 KiB');
  const raw = form
    ? Object.fromEntries(new URLSearchParams(await readBodyText(request, MAX_BODY, tooLarge)))
    : await readJsonBody(request, MAX_BODY);
  return Object.fromEntries(
    Object.entries(raw).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}
