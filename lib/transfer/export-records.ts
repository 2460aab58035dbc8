import { isCatalogueError } from '@/lib/core/errors';
import { subscribers } from '@/lib/data/tools';
import { type CollectionDeclaration, OWNER } from '@/lib/data/types';
import { members } from '@/lib/members/tools';
import { planGrants, pricingPlans } from '@/lib/plans/tools';
import { siteSettings } from '@/lib/settings/tools';

// What the export reads of the site's records (the data service: members, subscribers, plans, the site's settings),
// through any client shaped as lib/data's DataClient.

/** What the export needs of a data client (lib/data's DataClient): its query, and its declared collections. */
export interface RecordsReader {
  query(collectionId: string, query: unknown, caller: typeof OWNER): Promise<RecordsPage>;
  collection?(id: string): unknown;
  declare?(collection: CollectionDeclaration): void;
}
interface RecordsPage {
  items: Array<Record<string, unknown>>;
  hasNext: boolean;
  next(): Promise<RecordsPage>;
}

// The collections read here, the features' own declarations (through their tools): a client that lacks one (the
// CLI's opens only what it writes) is lent it to read it.
const READ_ONLY: CollectionDeclaration[] = [subscribers, members, planGrants, pricingPlans, siteSettings];

export type Item = Record<string, unknown>;
export const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** Every item of a collection, oldest first; null (and a warning) when the records cannot give it. */
export async function everyItem(records: RecordsReader, id: string, warnings: string[]): Promise<Item[] | null> {
  const lent = READ_ONLY.find((collection) => collection.id === id);
  if (lent && records.collection && records.declare && !records.collection(id)) records.declare(lent);
  try {
    const sort = [
      { fieldName: '_createdDate', order: 'ASC' },
      { fieldName: '_id', order: 'ASC' },
    ];
    let page = await records.query(id, { sort, limit: 1000 }, OWNER);
    const items = [...page.items];
    while (page.hasNext) {
      page = await page.next();
      items.push(...page.items);
    }
    return items;
  } catch (error) {
    if (!isCatalogueError(error)) throw error;
    warnings.push(`${id}: not read (${error.wde} ${error.message})`);
    return null;
  }
}

/** The plans' names by id; empty when the records hold none. */
export async function planNamesOf(records: RecordsReader | undefined, warnings: string[]) {
  const plans = records ? await everyItem(records, 'pricing-plans', warnings) : null;
  return new Map((plans ?? []).map((plan) => [String(plan._id), text(plan.name) || String(plan._id)]));
}

/** The site's title and description (the owner's settings), when the records hold them. */
export async function siteSettingsOf(records: RecordsReader | undefined, warnings: string[]) {
  const items = records ? await everyItem(records, 'site-settings', warnings) : null;
  const settings = (items?.find((item) => item._id === 'site')?.settings ?? {}) as Item;
  return { title: text(settings.title), description: text(settings.description) };
}
