import { OWNER_ONLY, defineCollection } from '@/lib/data/types';

/** Each UTC day's random salt (its id the day), kept for the day only: the days before are deleted. Internal. */
export const analyticsSalts = defineCollection({
  id: 'analytics-salts',
  internal: true,
  fields: { salt: { type: 'text' } },
  permissions: OWNER_ONLY,
});
