import { errors } from '@/lib/core/errors';
import { readBodyText } from '@/lib/core/http/body';
import { readJsonBody } from './body';

// What the like, rating and poll routes read of a request's body, from a plain form or JSON, each bounded. What the
// values may be is their services' (lib/likes, lib/ratings, lib/polls).

/** A like's `intent`: `like` (the default) or `unlike`, from the form or the JSON body; DELETE is an unlike. */
export async function likeIntent(request: Request, form: boolean): Promise<'like' | 'unlike'> {
  if (request.method === 'DELETE') return 'unlike';
  const tooLarge = () => errors.payloadTooLarge('request body is larger than 1 KiB');
  const fields = form
    ? Object.fromEntries(new URLSearchParams(await readBodyText(request, 1024, tooLarge)))
    : await readJsonBody(request, 1024);
  const intent = fields.intent ?? 'like';
  if (intent !== 'like' && intent !== 'unlike') throw errors.notAChoice('intent must be "like" or "unlike"');
  return intent;
}

const RATING_BODY = 256;

/** A rating's `rating`, as sent (the rating service checks it); a body that is not JSON is the catalogue's 400. */
export async function ratingValue(request: Request, form: boolean): Promise<unknown> {
  const body = await readBodyText(request, RATING_BODY, () =>
    errors.payloadTooLarge(`larger than ${RATING_BODY} bytes`),
  );
  if (form) return new URLSearchParams(body).get('rating');
  try {
    return (JSON.parse(body || '{}') as { rating?: unknown } | null)?.rating;
  } catch {
    throw errors.badValue('the body must be JSON: { "rating": 1 to 5 }');
  }
}

const VOTE_BODY = 2048;

/** A vote's options: the form's `option`s, or JSON `{ options: [...] }` (anything else is the catalogue's 400). */
export async function voteChoices(request: Request, form: boolean): Promise<string[]> {
  const body = await readBodyText(request, VOTE_BODY, () => errors.payloadTooLarge(`larger than ${VOTE_BODY} bytes`));
  if (form) return new URLSearchParams(body).getAll('option');
  let parsed: unknown;
  try {
    parsed = JSON.parse(body || '{}');
  } catch {
    throw errors.badValue('the body must be JSON: { "options": ["<option id>"] }');
  }
  const options = (parsed as { options?: unknown } | null)?.options;
  if (!Array.isArray(options) || !options.every((o) => typeof o === 'string')) {
    throw errors.badValue('options must be a list of option ids');
  }
  return options as string[];
}
