import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { Post } from '../../lib/blog/types';
import { renderPostMail } from '../../lib/newsletter/mail';

// The newsletter's mail, rendered from the demo post with every block type our editor has, as a mail client draws it:
// at 360 px (a phone) and 800 px, light and dark. The screenshots beside this file are the review copy (a change to
// the mail fails until looked at: `npx playwright test newsletter-mail --update-snapshots`); the checks say what a
// reader relies on: nothing wider than the screen, every image at an absolute address with its width and alt, the
// post's link, the unsubscribe link, and the plain-text part carrying both.

const EVERY_BLOCK = 'content/posts/e7fbb678-1b40-4697-a2c3-297ba53af4b3.json';

for (const width of [360, 800] as const) {
  for (const scheme of ['light', 'dark'] as const) {
    test(`the mail of a post with every block, at ${width} px, ${scheme}`, async ({ page, baseURL }) => {
      const post = Post.parse(JSON.parse(readFileSync(EVERY_BLOCK, 'utf8')));
      const unsubscribeUrl = `${baseURL}/newsletter/unsubscribe?s=${'0'.repeat(32)}&t=${'a'.repeat(22)}`;
      const { html, text } = await renderPostMail(post, {
        siteUrl: baseURL!,
        unsubscribeUrl,
        footer: 'The Render Path, 1 Example Street',
      });
      expect(text).toContain(`${baseURL}/post/${post.slug}`);
      expect(text).toContain(unsubscribeUrl);

      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme: scheme });
      await page.setContent(html, { waitUntil: 'load' });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, 'the mail is no wider than the screen').toBeLessThanOrEqual(0);
      const images = await page.locator('img').evaluateAll((imgs) =>
        imgs.map((img) => ({
          src: img.getAttribute('src') ?? '',
          alt: img.getAttribute('alt'),
          width: img.getAttribute('width'),
        })),
      );
      expect(images.length).toBeGreaterThan(0);
      for (const image of images) {
        expect(image.src).toMatch(/^https?:\/\//);
        expect(image.alt).not.toBeNull();
      }
      await expect(page.getByRole('link', { name: 'Read on the site' })).toHaveAttribute(
        'href',
        `${baseURL}/post/${post.slug}`,
      );
      await expect(page.getByRole('link', { name: 'Unsubscribe' })).toHaveAttribute('href', unsubscribeUrl);
      await expect(page).toHaveScreenshot(`mail-${width}-${scheme}.png`, { fullPage: true, maxDiffPixelRatio: 0.01 });
    });
  }
}
