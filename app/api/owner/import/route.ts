import { errors } from '@/lib/core/errors';
import { readBodyBytes } from '@/lib/core/http/body';
import { ownerOnly } from '@/lib/edge/api/owner-form';
import { jsonHandler, NO_STORE, otherMethods, seeOther } from '@/lib/edge/api/respond';
import { IMPORT_ACCEPT, MAX_IMPORT_BYTES, siteImports } from '@/lib/transfer';

// POST an export (the dashboard's Import page, issue 48): kept and imported by the site's job queue, answered 202
// with the job ({ job }: GET /api/owner/import/{id} follows it). The owner only (401, 403 cross-site); over 200 MB a
// 413; an empty file or one that is no .xml, .json or .zip a 400; nothing is kept then.
//
// The page's script sends the file's bytes (`?name=<file name>&dryRun=1` for a preview, which writes nothing), so
// that it can show the upload's progress. Without JavaScript the form posts multipart/form-data (`file`, `dryRun`)
// and is sent back to the page, which shows the job.

const EXTENSIONS = IMPORT_ACCEPT.split(',');
const tooLarge = () => errors.payloadTooLarge(`an export is at most ${MAX_IMPORT_BYTES / 1024 / 1024} MB`);

function checked(name: string, bytes: Uint8Array): { name: string; bytes: Uint8Array } {
  if (!EXTENSIONS.some((ext) => name.toLowerCase().endsWith(ext)))
    throw errors.badValue(`"${name.slice(0, 120)}" is not an export this import reads (${IMPORT_ACCEPT})`);
  if (bytes.byteLength === 0) throw errors.badValue(`"${name.slice(0, 120)}" is empty`);
  return { name, bytes };
}

export const POST = jsonHandler(async (request: Request): Promise<Response> => {
  ownerOnly(request);
  const bytes = await readBodyBytes(request, MAX_IMPORT_BYTES + 64 * 1024, tooLarge);
  if ((request.headers.get('content-type') ?? '').toLowerCase().startsWith('multipart/form-data')) {
    const form = await new Response(new Uint8Array(bytes), { headers: request.headers }).formData().catch(() => null);
    const file = form?.get('file');
    if (!form || !(file instanceof File)) throw errors.badValue('choose the export file to import');
    if (file.size > MAX_IMPORT_BYTES) throw tooLarge();
    const upload = checked(file.name, new Uint8Array(await file.arrayBuffer()));
    const job = await siteImports().submit(upload, form.get('dryRun') === '1');
    return seeOther(`/dashboard/import?job=${job.id}`);
  }
  if (bytes.byteLength > MAX_IMPORT_BYTES) throw tooLarge();
  const params = new URL(request.url).searchParams;
  const upload = checked(params.get('name') ?? '', bytes);
  const job = await siteImports().submit(upload, params.get('dryRun') === '1');
  return Response.json({ job }, { status: 202, headers: NO_STORE });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['POST']);
