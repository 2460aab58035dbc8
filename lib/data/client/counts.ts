import { checkAggregation, queryableField } from '../aggregate';
import type { Caller } from '../model';
import { checkDataQuery, checkOptions } from '../validate';
import type { ClientContext } from './context';

// What a query's items add up to, without the items: how many, which values, grouped figures.

export function countOperations(ctx: ClientContext) {
  const { backend } = ctx;
  return {
    async count(collectionId: unknown, rawQuery: unknown, caller: Caller, rawOptions?: unknown) {
      const options = checkOptions(rawOptions);
      const collection = await ctx.open(collectionId);
      const query = checkDataQuery(rawQuery ?? {}, collection);
      ctx.authorize(collection, 'read', caller, options);
      return backend.count(collection.id, ctx.visibleTo(collection, caller, options, query.filter));
    },

    /** The distinct values of a field among the items the query's filter matches (WDE0045 for an unknown field). */
    async distinct(collectionId: unknown, field: unknown, rawQuery: unknown, caller: Caller, rawOptions?: unknown) {
      const options = checkOptions(rawOptions);
      const collection = await ctx.open(collectionId);
      const name = queryableField(collection, field);
      const query = checkDataQuery(rawQuery ?? {}, collection);
      ctx.authorize(collection, 'read', caller, options);
      return backend.distinct(collection.id, name, ctx.visibleTo(collection, caller, options, query.filter));
    },

    /** Groups and counts, sums, averages or extremes (`{ filter, groupBy, operations: { name: { op, field } } }`). */
    async aggregate(collectionId: unknown, rawAggregation: unknown, caller: Caller, rawOptions?: unknown) {
      const options = checkOptions(rawOptions);
      const collection = await ctx.open(collectionId);
      const aggregation = checkAggregation(rawAggregation, collection);
      ctx.authorize(collection, 'read', caller, options);
      const filter = ctx.visibleTo(collection, caller, options, aggregation.filter);
      return backend.aggregate(collection.id, { ...aggregation, filter });
    },
  };
}
