import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * The page's serious and critical axe findings (WCAG 2.1 A and AA), one line each: rule and the first targets. axe.run
 * in the page itself (legacy mode), not runPartial per frame and finishRun in a blank page that axe opens and injects
 * again for every analysis: the same rules over the same frames, since legacy mode leaves out only cross-origin frames,
 * which no page here has (offline.spec: nothing loads from another host). visual.spec's axe share: 64 s with a blank
 * page each time, 43 s without.
 */
export async function seriousAxeFindings(page: Page): Promise<string[]> {
  return axeFindings(page, ['serious', 'critical']);
}

/** The page's axe findings (WCAG 2.1 A and AA) of the given impacts, every impact unless told: one line each. */
export async function axeFindings(
  page: Page,
  impacts: readonly string[] = ['minor', 'moderate', 'serious', 'critical'],
): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .setLegacyMode()
    .analyze();
  return results.violations
    .filter((v) => impacts.includes(v.impact ?? 'minor'))
    .map(
      (v) =>
        `${v.id}: ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    );
}
