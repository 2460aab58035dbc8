import type { Migration } from './types';

// Migration 2: analytics' own tables (lib/analytics, issue 46), kept as SQL tables rather than collections: a view is
// a narrow row written in batches, and the owner's page reads sums over a year of them, which jsonb items would make
// slow and large.
//
// - `analytics_events`: the raw events, one row a view (or a read-through mark, `kind = 'read'` with its `depth`),
//   with the day's visitor hash and never an address or an agent. Kept for ANALYTICS_RAW_DAYS, then deleted.
// - `analytics_daily`: the roll-up the owner's page answers from, a row per day, dimension and value (a page, a
//   source, a device, an hour...) with its views and its distinct visitors that day.
// - `analytics_rolled`: the days rolled up, written in the roll-up's own transaction: a day is rolled once, whichever
//   instance gets there first.

export const analyticsTables: Migration = {
  id: 2,
  name: 'analytics events and daily roll-ups',

  async up(tx) {
    await tx.query(
      'create table if not exists analytics_events (at timestamptz not null, kind text not null, ' +
        "path text not null, post_id text not null default '', referrer_host text not null default '', " +
        "utm_source text not null default '', utm_medium text not null default '', " +
        "utm_campaign text not null default '', device text not null default '', " +
        "language text not null default '', visitor text not null, depth smallint not null default 0)",
    );
    await tx.query('create index if not exists analytics_events_at on analytics_events (at)');
    await tx.query(
      'create table if not exists analytics_daily (day date not null, dim text not null, value text not null, ' +
        'views integer not null, visitors integer not null, primary key (dim, day, value))',
    );
    await tx.query(
      'create table if not exists analytics_rolled (day date primary key, ' +
        'rolled_at timestamptz not null default clock_timestamp(), events bigint not null)',
    );
  },
};
