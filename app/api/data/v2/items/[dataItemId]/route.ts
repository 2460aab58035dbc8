import { answer, collectionOf, dataRoute, itemFields, restItem } from '@/lib/edge/api/data-rest';
import { notFound, otherMethods } from '@/lib/edge/api/respond';
import { dataClient } from '@/lib/data';

// GET, PUT and DELETE /api/data/v2/items/{dataItemId}: Get, Update and Remove Data Item. The collection comes in the
// query string (GET, DELETE) or the body (PUT), as on the platform.

// The generated RouteContext type exists only after a build's typegen; this is its shape.
type Context = { params: Promise<{ dataItemId: string }> };

export const GET = dataRoute<Context>(async ({ request, caller }, { params }) => {
  const { dataItemId } = await params;
  const dataCollectionId = collectionOf(new URL(request.url).searchParams);
  const item = await dataClient().get(dataCollectionId, dataItemId, caller);
  if (!item) throw notFound(`item "${dataItemId}" of "${dataCollectionId}"`);
  return answer({ dataItem: restItem(dataCollectionId, item) });
});

export const PUT = dataRoute<Context>(async ({ body, caller }, { params }) => {
  const { dataItemId } = await params;
  const dataCollectionId = collectionOf(body);
  const fields = { ...itemFields(body.dataItem), _id: dataItemId };
  const item = await dataClient().update(dataCollectionId, fields, caller);
  return answer({ dataItem: restItem(dataCollectionId, item) });
});

export const DELETE = dataRoute<Context>(async ({ request, caller }, { params }) => {
  const { dataItemId } = await params;
  const dataCollectionId = collectionOf(new URL(request.url).searchParams);
  const removed = await dataClient().remove(dataCollectionId, dataItemId, caller);
  // The seed: not found is tolerated on remove; the answer then has no item.
  return answer(removed ? { dataItem: restItem(dataCollectionId, removed) } : {});
});

export const { POST, PATCH, OPTIONS } = otherMethods(['GET', 'PUT', 'DELETE']);
