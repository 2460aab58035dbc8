import { z } from 'zod';
import { readBodyText, isFormPost } from '@/lib/core/http/body';
import { errors } from '@/lib/core/errors';
import { SUBSCRIBE_TRAP_FIELD as TRAP_FIELD } from '@/lib/core/site';
import { readJsonBody } from './body';
import { type Language, languageOf } from '@/lib/core/i18n/languages';

// What POST /newsletter/subscribe accepts: the subscribe form (urlencoded, so it works without JavaScript) or JSON
// `{ email }`. The form's trap field: people never see it, form-filling robots fill it in. Nothing here refuses the
// address: a missing, empty or non-string `email` goes on as it came, and the subscribe path refuses it as a bad
// address (400 WDE0046 for JSON, the form's "invalid address" page for a form), after the cross-site check and the
// client's limit, as any other bad address.

const MAX_BODY = 4096;

const Input = z.object({
  // Optional: zod 4 requires an unknown() key to be present, and a body without it (`{}`, an empty form) threw a
  // ZodError, answered 500.
  email: z.unknown().optional(),
  [TRAP_FIELD]: z.string().max(1000).optional().catch('filled'),
  // The form's page's language: a value the site has no words for is the main language (nothing is refused for it).
  language: z.string().max(16).optional().catch(undefined),
});

export interface NewsletterInput {
  mode: 'json' | 'form';
  email: unknown;
  /** The trap field was filled in: answer as if subscribed, store and send nothing. */
  trapped: boolean;
  /** Whose posts the subscriber wants: the language of the page the form was on. */
  language: Language;
}

export async function readNewsletterInput(request: Request): Promise<NewsletterInput> {
  const mode = isFormPost(request) ? 'form' : 'json';
  const raw =
    mode === 'form'
      ? Object.fromEntries(
          new URLSearchParams(
            await readBodyText(request, MAX_BODY, () => errors.payloadTooLarge('request body is larger than 4 KiB')),
          ),
        )
      : await readJsonBody(request, MAX_BODY);
  const { email, [TRAP_FIELD]: trap, language } = Input.parse(raw);
  return { mode, email, trapped: Boolean(trap), language: languageOf(language) };
}
