import { errors } from '@/lib/core/errors';
import { ownerForm } from '@/lib/edge/api/owner-form';
import { NO_STORE, jsonHandler, otherMethods, seeOther } from '@/lib/edge/api/respond';
import { checkSettings, settingsStore } from '@/lib/settings';

// POST (the dashboard's Settings form, form-encoded): the site's settings, checked whole (lib/settings/validate.ts),
// then stored and every page rendered again with them (`site.settings.changed`). As the owner only (401 otherwise,
// 403 cross-site), at most 32 KB; a field with a problem stores nothing.
//
// The form's script asks for JSON (`Accept: application/json`): 200 with the settings stored, or 400 with the
// catalogue's error and each field's problem (`problems`, by field name). Without JavaScript: a 303 back to the page,
// or a 400 page listing the problems (the browser's Back keeps what was typed).

const MAX_BYTES = 32 * 1024;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export const POST = jsonHandler(async (request: Request): Promise<Response> => {
  const form = await ownerForm(request, MAX_BYTES);
  const wantsJson = (request.headers.get('accept') ?? '').includes('application/json');
  const checked = checkSettings(form);
  if (!checked.ok) {
    const error = errors.badValue(
      `the settings were not saved: ${Object.entries(checked.problems)
        .map(([field, problem]) => `${field} ${problem}`)
        .join('; ')}`,
    );
    if (wantsJson)
      return Response.json({ ...error.toJSON(), problems: checked.problems }, { status: 400, headers: NO_STORE });
    const items = Object.entries(checked.problems)
      .map(([field, problem]) => `<li><b>${escapeHtml(field)}</b> ${escapeHtml(problem)}</li>`)
      .join('');
    return new Response(
      `<!doctype html><html lang="en"><meta charset="utf-8"><title>Settings not saved</title>` +
        `<main><h1>The settings were not saved</h1><ul>${items}</ul>` +
        `<p>Go back (your browser keeps what you typed), correct them and save again, or <a href="/dashboard/settings">open the settings as they are</a>.</p></main></html>`,
      { status: 400, headers: { ...NO_STORE, 'Content-Type': 'text/html; charset=utf-8' } },
    );
  }
  const settings = await settingsStore().set(checked.settings);
  if (wantsJson) return Response.json({ settings }, { headers: NO_STORE });
  return seeOther('/dashboard/settings?saved=1');
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['POST']);
