import type { DataClient } from '@/lib/data';
import { defineCollection, OWNER, OWNER_ONLY } from '@/lib/data/types';

// Who may rate posts, as the owner sets it on the dashboard (Comments → Ratings): members only (the default), or
// visitors without an account too. One item of an internal collection, as the comment settings are (lib/comments/
// settings.ts), read at each visitor's rating (one get by id), so every instance sees a change at once.

export const ratingSettings = defineCollection({
  id: 'rating-settings',
  internal: true,
  fields: {
    visitorsMayRate: { type: 'boolean' },
  },
  permissions: OWNER_ONLY,
});

export interface RatingSettings {
  /** Whether visitors who are not signed in may rate (as the visitor of their signed cookie). */
  visitorsMayRate: boolean;
}

/** Until the owner saves: members rate, visitors are sent to sign in. */
export const DEFAULT_RATING_SETTINGS: RatingSettings = { visitorsMayRate: false };

const ID = 'site';

export interface RatingSettingsStore {
  get(): Promise<RatingSettings>;
  set(settings: RatingSettings): Promise<RatingSettings>;
}

/** The settings in `client`'s records; `changed` runs after each save (the wiring clears what shows them). */
export function createRatingSettingsStore(client: DataClient, changed: () => void = () => {}): RatingSettingsStore {
  client.declare(ratingSettings);
  return {
    async get() {
      const item = await client.get(ratingSettings.id, ID, OWNER);
      return {
        visitorsMayRate:
          typeof item?.visitorsMayRate === 'boolean' ? item.visitorsMayRate : DEFAULT_RATING_SETTINGS.visitorsMayRate,
      };
    },
    async set(settings) {
      const saved: RatingSettings = { visitorsMayRate: settings.visitorsMayRate === true };
      await client.save(ratingSettings.id, { _id: ID, ...saved }, OWNER);
      changed();
      return saved;
    },
  };
}
