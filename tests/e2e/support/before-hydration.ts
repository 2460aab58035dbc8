import type { Page } from '@playwright/test';

/**
 * Opens `path` with the page's scripts held back, so what the test does next happens before hydration, as on a slow
 * connection; the returned function lets the scripts load.
 */
export async function openBeforeHydration(page: Page, path: string): Promise<() => Promise<void>> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const hold = async (route: Parameters<Parameters<Page['route']>[1]>[0]) => (await held, route.continue());
  await page.route('**/_next/static/chunks/**', hold);
  await page.goto(path, { waitUntil: 'commit' });
  // Released, the held requests go on and later ones pass at once.
  return async () => release();
}
