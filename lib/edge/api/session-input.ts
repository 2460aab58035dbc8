import { z } from 'zod';
import { authErrors } from '@/lib/owner';
import { readBodyText, isFormPost } from '@/lib/core/http/body';
import { readJsonBody } from './body';
import { errors } from '@/lib/core/errors';

// What POST /api/owner/session accepts: JSON `{ password }` from scripts, or the login page's form
// (urlencoded, so it works without JavaScript), which also carries `intent` and `next`.

const MAX_BODY = 4096;

const JsonInput = z.object({ password: z.string().max(1024) });
const FormInput = z.object({
  intent: z.enum(['login', 'logout']).catch('login'),
  password: z.string().max(1024).catch(''),
  next: z.string().max(1000).optional().catch(undefined),
});

export type SessionInput = { mode: 'json'; password: string } | ({ mode: 'form' } & z.infer<typeof FormInput>);

export async function readSessionInput(request: Request): Promise<SessionInput> {
  if (isFormPost(request)) {
    const body = await readFormText(request);
    return { mode: 'form', ...FormInput.parse(Object.fromEntries(new URLSearchParams(body))) };
  }
  const parsed = JsonInput.safeParse(await readJsonBody(request, MAX_BODY));
  if (!parsed.success) throw authErrors.badBody();
  return { mode: 'json', password: parsed.data.password };
}

/** The urlencoded body as text, refused (413) past 4 KiB while it arrives, like any JSON body. */
const readFormText = (request: Request) =>
  readBodyText(request, MAX_BODY, () => errors.payloadTooLarge(`request body is larger than ${MAX_BODY / 1024} KiB`));
