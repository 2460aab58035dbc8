import { OWNER_ONLY, defineCollection } from '@/lib/data/types';

/**
 * Page views as analytics keeps them: one item per counted view, its UTC day, the page and where the reader came
 * from, and `visitor`, a hash of the reader's address and agent under that day's salt (salts.ts): the same reader is
 * one visitor within a day and cannot be followed to the next. No address, no agent, no cookie is kept. Internal.
 */
export const pageHits = defineCollection({
  id: 'page-hits',
  internal: true,
  fields: {
    day: { type: 'text', indexed: true },
    path: { type: 'text', indexed: true },
    postId: { type: 'text', indexed: true },
    referrerHost: { type: 'text' },
    utmSource: { type: 'text' },
    utmMedium: { type: 'text' },
    utmCampaign: { type: 'text' },
    device: { type: 'text' },
    language: { type: 'text' },
    visitor: { type: 'text', indexed: true },
  },
  permissions: OWNER_ONLY,
});

/** Each UTC day's random salt (its id the day), kept for the day only: the days before are deleted. Internal. */
export const analyticsSalts = defineCollection({
  id: 'analytics-salts',
  internal: true,
  fields: { salt: { type: 'text' } },
  permissions: OWNER_ONLY,
});
