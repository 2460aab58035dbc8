import { desk } from '@/lib/blog';
import { errors } from '@/lib/core/errors';
import { readBodyBytes } from '@/lib/core/http/body';
import { ownerOnly } from '@/lib/edge/api/owner-form';
import { jsonHandler, NO_STORE, otherMethods } from '@/lib/edge/api/respond';

// POST the image's bytes (the editor's upload): stored in the content's media folder, answered 201 with { id, url,
// width, height }. The owner only (401, 403 cross-site); over 10 MB a 413, not an image a 400; nothing stored.

const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

export const POST = jsonHandler(async (request: Request): Promise<Response> => {
  ownerOnly(request);
  const bytes = await readBodyBytes(request, MAX_IMAGE_BYTES, () =>
    errors.payloadTooLarge(`an image is at most ${MAX_IMAGE_BYTES / 1024 / 1024} MB`),
  );
  return Response.json({ media: await desk().upload(bytes) }, { status: 201, headers: NO_STORE });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['POST']);
