import { answer, collectionOf, dataRoute } from '@/lib/edge/api/data-rest';
import { otherMethods } from '@/lib/edge/api/respond';
import { dataIndexes } from '@/lib/data';

// /api/data/v2/indexes: Wix Data's Indexes API at its REST path (https://www.wixapis.com/wix-data/v2/indexes, the
// @wix/data `indexes` module: node_modules/@wix/auto_sdk_data_indexes/build/cjs/index.js binds CreateIndex to POST,
// ListIndexes to GET and DropIndex to DELETE of /v2/indexes, the GET and DELETE fields in the query string), the
// owner only (403 WDE0027 otherwise). https://dev.wix.com/docs/rest/business-solutions/cms/indexes/create-index
//
//   POST   { dataCollectionId, index: { name, fields: [{ path, order }], unique, caseInsensitive } } → { index }
//   GET    ?dataCollectionId=&paging.limit=&paging.offset=  → { indexes, pagingMetadata }
//   DELETE ?dataCollectionId=&indexName=                    → {}
//
// A new index answers BUILDING and a dropped one goes DROPPING: list the collection's indexes to see them end (ACTIVE
// or FAILED with its `failure`, DROPPED).

/** A number in the query string as a number; anything else as written, for the paging check to refuse. */
const numberOf = (value: string | null) => (value === null ? undefined : /^-?\d+$/.test(value) ? Number(value) : value);

export const POST = dataRoute(async ({ body, caller }) => {
  const index = await dataIndexes().create(collectionOf(body), body.index, caller);
  return answer({ index });
});

export const GET = dataRoute(async ({ request, caller }) => {
  const params = new URL(request.url).searchParams;
  const paging = { limit: numberOf(params.get('paging.limit')), offset: numberOf(params.get('paging.offset')) };
  return answer(await dataIndexes().list(collectionOf(params), paging, caller));
});

export const DELETE = dataRoute(async ({ request, caller }) => {
  const params = new URL(request.url).searchParams;
  await dataIndexes().drop(collectionOf(params), params.get('indexName'), caller);
  return answer({});
});

export const { PUT, PATCH, OPTIONS } = otherMethods(['GET', 'POST', 'DELETE']);
