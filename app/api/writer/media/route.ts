import { desk } from '@/lib/blog';
import { errors } from '@/lib/core/errors';
import { readBodyBytes } from '@/lib/core/http/body';
import { jsonHandler, NO_STORE, otherMethods } from '@/lib/edge/api/respond';
import { writerDesk } from '@/lib/edge/api/writer';

// POST an image's bytes from a writer's editor: as the owner's upload (app/api/owner/media), for a member the owner
// lets write (401, 403 otherwise); over 10 MB a 413, not an image a 400; nothing stored.

const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

export const POST = jsonHandler(async (request: Request): Promise<Response> => {
  await writerDesk(request);
  const bytes = await readBodyBytes(request, MAX_IMAGE_BYTES, () =>
    errors.payloadTooLarge(`an image is at most ${MAX_IMAGE_BYTES / 1024 / 1024} MB`),
  );
  return Response.json({ media: await desk().upload(bytes) }, { status: 201, headers: NO_STORE });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['POST']);
