import type { DataClient } from '@/lib/data';
import { defineCollection, OWNER, OWNER_ONLY } from '@/lib/data/types';
import { DEFAULT_SETTINGS, type SiteSettings } from './types';
import { settingsFrom } from './validate';

// The settings in the site's own records: one item of an internal collection, as the comment and rating settings are
// (lib/comments/settings.ts), on both platforms (at Wix, the site's own database: lib/data `recordsClient`).

export const siteSettings = defineCollection({
  id: 'site-settings',
  internal: true,
  fields: {
    settings: { type: 'object' },
  },
  permissions: OWNER_ONLY,
});

const ID = 'site';

export interface SettingsStore {
  get(): Promise<SiteSettings>;
  /** Stores checked settings (validate.ts `checkSettings`); `changed` runs after (the wiring refreshes the pages). */
  set(settings: SiteSettings): Promise<SiteSettings>;
}

export function createSettingsStore(client: DataClient, changed: () => void = () => {}): SettingsStore {
  client.declare(siteSettings);
  return {
    async get() {
      const item = await client.get(siteSettings.id, ID, OWNER);
      const stored = item?.settings;
      return settingsFrom(
        stored && typeof stored === 'object' ? (stored as Record<string, unknown>) : null,
        DEFAULT_SETTINGS,
      );
    },
    async set(settings) {
      await client.save(siteSettings.id, { _id: ID, settings: { ...settings } }, OWNER);
      changed();
      return settings;
    },
  };
}
