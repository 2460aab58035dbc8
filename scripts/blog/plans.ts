import { existsSync } from 'node:fs';
import path from 'node:path';
import { readConfig } from '@/lib/core/config';
import {
  createDataClient,
  createEmbeddedBackend,
  createPostgresBackend,
  type DataBackend,
  DataFolderBusyError,
} from '@/lib/data/tools';
import { OWNER } from '@/lib/data/types';
import { pricingPlans } from '@/lib/plans/tools';
import type { DataIo } from './data-io';
import { UsageError } from './errors';
import { ownerSite } from './owner-site';

// The plans `update --plans` may name: the site's own (lib/plans/local.ts, the `pricing-plans` collection the
// dashboard's Plans page writes), read from the site's records as `npm run blog -- data` reads them: DATABASE_URL's
// server, else the embedded database in DATA_DIR. A plan is named by its id or its name; one the site does not have
// is refused with the list of those it has, before anything is written. A paywall naming a plan that does not exist
// offers nothing to join.

export interface PlanChoice {
  id: string;
  name: string;
}

/** The site's plans, sorted by name (asked only when a command names plans). */
export type SitePlans = () => Promise<PlanChoice[]>;

/** The most plans the site offers a post (lib/plans `offered`). */
const MAX_PLANS = 100;

/** The records of the site the environment names; the plans in them, read as the owner. */
export function sitePlansOf(io: DataIo): SitePlans {
  return async () => {
    const c = readConfig(io.env);
    const dataDir = path.resolve(c.dataDir);
    let backend: DataBackend;
    if (c.databaseUrl) backend = createPostgresBackend(c.databaseUrl);
    else if (io.openBackend) backend = io.openBackend(dataDir);
    // A folder without a database: the site has never run on it, so it has no plans (and none is made here).
    else if (!existsSync(path.join(dataDir, 'PG_VERSION'))) return [];
    else backend = createEmbeddedBackend(dataDir, { waitMs: 1_000, log: () => {} });
    const client = createDataClient({ backend, collections: [pricingPlans] });
    try {
      const { items } = await client.query(
        pricingPlans.id,
        { sort: [{ fieldName: 'name', order: 'ASC' }], limit: MAX_PLANS },
        OWNER,
      );
      return items.map((item) => ({ id: item._id, name: String(item.name ?? '') }));
    } catch (error) {
      // The running site holds the embedded database: asked for its plans as its owner, where the password is set.
      if (error instanceof DataFolderBusyError && io.env.OWNER_PASSWORD?.trim()) return await plansOfRunningSite(io);
      if (error instanceof DataFolderBusyError) {
        throw new Error(
          `cannot check --plans against the site's plans: ${error.holder} (the running site, most likely). Set ` +
            'OWNER_PASSWORD (the running site asks it), stop the site and run this again, or choose the ' +
            "post's plans in the dashboard (the post's settings); " +
            'nothing was changed',
        );
      }
      throw new Error(
        `cannot read the site's plans (${c.databaseUrl ? 'DATABASE_URL' : dataDir}): ${(error as Error).message}; ` +
          'nothing was changed',
      );
    } finally {
      await client.close().catch(() => undefined);
    }
  };
}

/** The plans of the site running on this data (`GET /api/owner/plans`, as its owner: owner-site.ts). */
async function plansOfRunningSite(io: DataIo): Promise<PlanChoice[]> {
  const site = ownerSite(io, 'checking --plans while the site holds its database');
  await site.signIn();
  try {
    const answer = await site.call('GET', '/api/owner/plans');
    if (answer.status !== 200 || !Array.isArray(answer.body.plans))
      throw site.refused(answer, `${site.siteUrl} did not list its plans`);
    return (answer.body.plans as PlanChoice[]).map(({ id, name }) => ({ id: String(id), name: String(name) }));
  } finally {
    await site.signOut();
  }
}

const list = (plans: readonly PlanChoice[]) => plans.map((plan) => `  ${plan.id}  ${plan.name}`).join('\n');
const quoted = (refs: readonly string[]) => refs.map((ref) => JSON.stringify(ref)).join(', ');
const fold = (text: string) => text.trim().toLocaleLowerCase('en');

/**
 * The ids of the plans `refs` name (an id, else a name, in any case), in the order given, each once. A plan the site
 * does not have, or a name two plans share, is a usage error naming the site's plans.
 */
export function planIds(refs: readonly string[], plans: readonly PlanChoice[], siteUrl: string): string[] {
  if (plans.length === 0) {
    throw new UsageError(
      `no plan${refs.length > 1 ? 's' : ''} ${quoted(refs)}: no plans exist; create one in the dashboard ` +
        `under Plans (${siteUrl}/dashboard/plans), then give its id or name to --plans`,
    );
  }
  const unknown: string[] = [];
  const ids = refs.flatMap((ref) => {
    const byId = plans.find((plan) => plan.id === ref);
    if (byId) return [byId.id];
    const named = plans.filter((plan) => fold(plan.name) === fold(ref));
    if (named.length > 1)
      throw new UsageError(`${named.length} plans are named "${ref}": give --plans one's id\n${list(named)}`);
    if (named.length === 0) unknown.push(ref);
    return named.map((plan) => plan.id);
  });
  if (unknown.length > 0) {
    throw new UsageError(
      `no plan${unknown.length > 1 ? 's' : ''} ${quoted(unknown)} on this site; give --plans the id or the name ` +
        `of one of its plans (id, name):\n${list(plans)}`,
    );
  }
  return [...new Set(ids)];
}
