import { callerOf } from '@/lib/edge/api/caller';
import { errorResponse, otherMethods } from '@/lib/edge/api/respond';
import { dataClient } from '@/lib/data';
import { subscribersCsv } from '@/lib/newsletter';

// GET /dashboard/subscribers.csv: every subscriber (address, status, dates) for the owner, streamed a page of 1000 at a
// time. Anyone else gets the data service's 403 (the collection is ADMIN-read), and nothing of it.

export async function GET(request: Request): Promise<Response> {
  const chunks = subscribersCsv(dataClient(), callerOf(request));
  let first: IteratorResult<string>;
  try {
    // The permission check runs on the first read: refuse before any byte of a 200.
    first = await chunks.next();
  } catch (error) {
    return errorResponse(error);
  }
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      if (!first.done) controller.enqueue(encoder.encode(first.value));
    },
    async pull(controller) {
      const { done, value } = await chunks.next();
      if (done) controller.close();
      else controller.enqueue(encoder.encode(value));
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
  return new Response(body, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': 'attachment; filename="subscribers.csv"',
      'Cache-Control': 'no-store',
    },
  });
}

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['GET']);
