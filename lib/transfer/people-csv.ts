import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { stringify } from 'csv-stringify/sync';
import { inert } from '@/lib/core/csv';
import { everyItem, planNamesOf, type RecordsReader, text } from './export-records';

// The site's people as CSV another platform takes: `members.csv` (the members' accounts) and `subscribers.csv` (the
// newsletter's addresses), both in the columns of Ghost's member import (ghost.org/docs/members/import-members: email,
// name, note, subscribed_to_emails, stripe_customer_id, complimentary_plan, labels, created_at; and deleted_at, as its
// own export writes), which Substack, Buttondown and the like read by the `email` column. A row is built from the
// fields named here and no others: never a password hash, a code, a session or a token, nor an address of a device.

/** Ghost's member import columns, in its export's order. */
export const PEOPLE_COLUMNS = [
  'email',
  'name',
  'note',
  'subscribed_to_emails',
  'complimentary_plan',
  'stripe_customer_id',
  'created_at',
  'deleted_at',
  'labels',
] as const;

const csv = (rows: unknown[][]) => stringify([[...PEOPLE_COLUMNS], ...rows.map((row) => row.map(inert))]);
const bool = (value: boolean) => (value ? 'true' : 'false');

export interface PeopleReport {
  members: number;
  subscribers: number;
  /** The plans' names by id (for the posts' front matter), when the records hold them. */
  planNames: Map<string, string>;
  warnings: string[];
}

/**
 * Writes `members.csv` and `subscribers.csv` into `dir` (a header row alone when the records have none, or none can be
 * read). A member is subscribed to e-mails when their address is a confirmed subscriber; complimentary when they hold
 * a plan (the site's plans are granted by the owner: no payment, as Ghost's complimentary plan); labelled with their
 * plans, and their state when it is not active. A subscriber is subscribed when confirmed, labelled with the state.
 */
export async function writePeopleCsv(records: RecordsReader | undefined, dir: string): Promise<PeopleReport> {
  const warnings: string[] = [];
  if (!records) warnings.push('no records given: members.csv and subscribers.csv hold their header only');
  const read = (id: string) => (records ? everyItem(records, id, warnings) : Promise.resolve(null));
  const [members, subscribers, grants] = [await read('members'), await read('subscribers'), await read('plan-grants')];
  const planNames = await planNamesOf(records, warnings);

  const confirmed = new Set(
    (subscribers ?? []).filter((s) => s.status === 'confirmed').map((s) => text(s.email).toLowerCase()),
  );
  const plansOf = new Map<string, string[]>();
  for (const grant of grants ?? []) {
    if (grant.status !== 'active') continue;
    const memberId = text(grant.memberId);
    const name = planNames.get(text(grant.planId)) ?? text(grant.planId);
    plansOf.set(memberId, [...(plansOf.get(memberId) ?? []), name]);
  }

  const memberRows = (members ?? []).map((member) => {
    const plans = plansOf.get(text(member._id)) ?? [];
    const status = text(member.status) || 'PENDING';
    const notes = [
      status === 'BLOCKED' && 'blocked on the old site',
      status === 'PENDING' && "waiting for the owner's approval on the old site",
      member.emailVerified !== true && 'address not verified',
    ].filter(Boolean);
    const labels = [...plans, ...(status === 'ACTIVE' ? [] : [status.toLowerCase()])];
    return [
      text(member.email),
      text(member.displayName),
      notes.join('; '),
      bool(confirmed.has(text(member.email).toLowerCase())),
      bool(plans.length > 0),
      '',
      text(member._createdDate),
      '',
      labels.join(', '),
    ];
  });

  const subscriberRows = (subscribers ?? []).map((subscriber) => {
    const status = text(subscriber.status) || 'pending';
    const when = text(subscriber[`${status}Date`]) || text(subscriber.confirmationSentDate);
    const language = text(subscriber.language);
    return [
      text(subscriber.email),
      '',
      `newsletter ${status}${when ? ` since ${when}` : ''}`,
      bool(status === 'confirmed'),
      'false',
      '',
      text(subscriber._createdDate),
      '',
      ['newsletter', status, ...(language ? [`language:${language}`] : [])].join(', '),
    ];
  });

  await writeFile(path.join(dir, 'members.csv'), csv(memberRows));
  await writeFile(path.join(dir, 'subscribers.csv'), csv(subscriberRows));
  return { members: memberRows.length, subscribers: subscriberRows.length, planNames, warnings };
}
