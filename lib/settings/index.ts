import { publish } from '@/lib/core/events/bus';
import { recordsClient } from '@/lib/data';
import { createSettingsStore, siteSettings, type SettingsStore } from './store';

// The site's settings (the dashboard's Settings page): types.ts what they are, validate.ts the form's checks, store.ts
// where they are kept, reads.ts the cached read every public page makes, theme.ts the CSS they become.

export * from './types';
export { checkSettings, FIELDS } from './validate';
export { siteSettings } from './store';

/**
 * The settings in the site's records. A save publishes `site.settings.changed`: every page is rendered again with
 * them (its `site-settings` tag), on every instance.
 */
export const settingsStore = (): SettingsStore =>
  createSettingsStore(recordsClient(siteSettings), () =>
    publish({ type: 'site.settings.changed', entityId: siteSettings.id }),
  );
