import { answer, clientQuery, collectionOf, dataRoute, restItem } from '@/lib/edge/api/data-rest';
import { otherMethods } from '@/lib/edge/api/respond';
import { dataClient } from '@/lib/data';
import { isRecord } from '@/lib/core/json';

// POST /api/data/v2/items/query: Query Data Items. Offset paging (`paging: { limit, offset }`) answers the total;
// cursor paging (`cursorPaging: { limit, cursor }`) answers the cursors of the pages beside this one.
export const POST = dataRoute(async ({ body, caller }) => {
  const dataCollectionId = collectionOf(body);
  const query = clientQuery(body.query);
  const page = await dataClient().query(dataCollectionId, query, caller);
  const dataItems = page.items.map((item) => restItem(dataCollectionId, item));
  const byCursor = isRecord(body.query) && isRecord(body.query.cursorPaging);
  if (byCursor) {
    return answer({
      dataItems,
      pagingMetadata: { count: page.items.length, cursors: page.cursors, hasNext: page.hasNext },
    });
  }
  const offset = typeof query.skip === 'number' ? query.skip : 0;
  return answer({
    dataItems,
    pagingMetadata: { count: page.items.length, offset, total: page.totalCount, hasNext: page.hasNext },
  });
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['POST']);
