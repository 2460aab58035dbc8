import { cacheLife, cacheTag } from 'next/cache';
import { cacheTags } from '@/lib/core/cache/tags';
import { readKey, settle } from '@/lib/core/reads';
import { DEFAULT_SETTINGS, type SiteSettings } from './types';
import { settingsStore } from './index';

// Every page's document reads the settings (the header, the colours, the menus): one cached read, tagged
// `site-settings`, which the owner's save clears, so every page is rendered again at once and stays prerendered.
async function cachedSettings() {
  'use cache';
  cacheLife('max');
  cacheTag(cacheTags.siteSettings);
  return settle(readKey('siteSettings'), () => settingsStore().get());
}

/** The site's settings; while they cannot be read, the last good ones, else the defaults (a page still renders). */
export async function getSiteSettings(): Promise<SiteSettings> {
  const read = await cachedSettings();
  return read.ok ? read.value : DEFAULT_SETTINGS;
}
