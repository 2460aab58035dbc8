import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDataClient } from '@/lib/data/client';
import { createEmbeddedBackend } from '@/lib/data/embedded';
import { OWNER } from '@/lib/data/permissions';
import { createLocalPlans, planGrants, pricingPlans } from '@/lib/plans/local';
import type { Plan } from '@/lib/plans/types';
import { main } from '@/scripts/blog/cli';
import { makePosts, writeContentDir } from '../helpers/posts';

// `npm run blog -- update <post> --plans ...` against the site's own plans (lib/plans/local.ts), read from a real
// embedded database in DATA_DIR, as the site keeps them. A plan the site does not have is refused before anything is
// written: a paywall naming it would offer nothing to join.

const contentDir = writeContentDir(makePosts(3));
const work = mkdtempSync(path.join(tmpdir(), 'cli-plans-'));
const dataDir = (name: string) => path.join(work, name);
afterAll(() => {
  for (const dir of [contentDir, work]) rmSync(dir, { recursive: true, force: true });
});

const postFile = path.join(contentDir, 'posts', 'post-0001.json');
const postBytes = () => readFileSync(postFile, 'utf8');
const plansOfPost = () => (JSON.parse(postBytes()) as { pricingPlanIds?: string[] }).pricingPlanIds;

const SITE_URL = 'http://127.0.0.1:3999';

async function blog(argv: string[], data: string) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, {
    env: { BLOG_CONTENT_DIR: contentDir, DATA_DIR: data, SITE_URL },
    fetch: () => Promise.reject(new Error('the CLI must not call the site')),
    out: (l) => out.push(l),
    err: (l) => err.push(l),
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** The site's records in `dir`, as the dashboard's Plans page leaves them: `plans` defined. */
async function siteWithPlans(dir: string, plans: Array<Omit<Plan, 'id'> & { id?: string }>): Promise<Plan[]> {
  const records = createDataClient({ backend: createEmbeddedBackend(dir), collections: [pricingPlans, planGrants] });
  try {
    const admin = createLocalPlans(records);
    const defined: Plan[] = [];
    for (const plan of plans) defined.push(await admin.define(plan));
    // Opened even when no plan is defined: a database that holds none.
    await records.count(pricingPlans.id, {}, OWNER);
    return defined;
  } finally {
    await records.close();
  }
}

const monthly = (name: string, id?: string) => ({
  ...(id && { id }),
  name,
  price: { value: '5', currency: 'EUR' },
  billing: { kind: 'recurring', count: 1, unit: 'MONTH' } as const,
});

describe('blog update --plans', { timeout: 60_000 }, () => {
  let gold: Plan;
  let silver: Plan;
  beforeAll(async () => {
    [gold, silver] = (await siteWithPlans(dataDir('site'), [monthly('Gold'), monthly('Silver', 'silver')])) as [
      Plan,
      Plan,
    ];
  });

  it('refuses a plan the site does not have, listing its plans by id and name, and writes nothing', async () => {
    const before = postBytes();
    for (const plans of ['platinum', `${gold.id},platinum`]) {
      const { code, err } = await blog(['update', 'post-1', '--plans', plans, '--preview', '1'], dataDir('site'));
      expect(code).toBe(2);
      expect(err).toContain('no plan "platinum" on this site');
      // Each of the site's plans, to copy into --plans.
      for (const plan of [gold, silver]) expect(err).toMatch(new RegExp(`^ +${plan.id} +${plan.name}$`, 'm'));
      expect(postBytes()).toBe(before);
    }
  });

  it("takes each plan by its id or its name, and keeps the plans' ids", async () => {
    const { code, out, err } = await blog(['update', 'post-1', '--plans', 'gold,silver'], dataDir('site'));
    expect({ code, err }).toEqual({ code: 0, err: '' });
    expect(out).toMatch(/^updated post/);
    expect(plansOfPost()).toEqual([gold.id, silver.id]);

    expect((await blog(['update', 'post-1', '--plans', `${silver.id},Silver`], dataDir('site'))).code).toBe(0);
    expect(plansOfPost()).toEqual([silver.id]);
    expect((await blog(['update', 'post-1', '--free'], dataDir('site'))).code).toBe(0);
    expect(plansOfPost()).toEqual([]);
  });

  it('says that no plans exist, and where to make one, when the site has none', async () => {
    await siteWithPlans(dataDir('no-plans'), []);
    const never = dataDir('never-ran');
    const before = postBytes();
    for (const data of [dataDir('no-plans'), never]) {
      const { code, err } = await blog(['update', 'post-1', '--plans', 'gold'], data);
      expect(code).toBe(2);
      expect(err).toContain(`no plans exist; create one in the dashboard under Plans (${SITE_URL}/dashboard/plans)`);
      expect(postBytes()).toBe(before);
    }
    // A DATA_DIR the site never ran on is left as it was: no database is made there to find no plans in.
    expect(existsSync(path.join(never, 'PG_VERSION'))).toBe(false);
  });

  it('refuses a name two plans share, naming both', async () => {
    const [first, second] = await siteWithPlans(dataDir('twins'), [monthly('Gold'), monthly('gold ')]);
    const before = postBytes();
    const { code, err } = await blog(['update', 'post-1', '--plans', 'GOLD'], dataDir('twins'));
    expect(code).toBe(2);
    expect(err).toContain('2 plans are named "GOLD"');
    for (const plan of [first!, second!]) expect(err).toContain(plan.id);
    expect(postBytes()).toBe(before);
  });

  it('writes nothing when it cannot read the plans: the site holds its database', async () => {
    const held = createDataClient({ backend: createEmbeddedBackend(dataDir('site')), collections: [pricingPlans] });
    try {
      await held.count(pricingPlans.id, {}, OWNER);
      const before = postBytes();
      const { code, err } = await blog(['update', 'post-1', '--plans', 'gold'], dataDir('site'));
      expect(code).toBe(1);
      expect(err).toMatch(/cannot check --plans against the site's plans: the database in .* is already open/);
      expect(err).toContain('nothing was changed');
      expect(postBytes()).toBe(before);
    } finally {
      await held.close();
    }
  });
});
