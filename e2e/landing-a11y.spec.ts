import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { LABELS } from '../shared/messages';

const VIEWPORTS = [
  { width: 360, height: 740 },
  { width: 1280, height: 800 },
];

for (const viewport of VIEWPORTS) {
  for (const modal of ['closed', 'open'] as const) {
    test(`the landing page at ${viewport.width} px with the demo form ${modal} has no serious accessibility problems`, async ({
      browser,
    }) => {
      const context = await browser.newContext({
        viewport,
        baseURL: test.info().project.use.baseURL,
      });
      const page = await context.newPage();
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      if (modal === 'open') {
        await page.getByRole('button', { name: LABELS.landing.tryForFree }).click();
        await expect(page.getByRole('dialog', { name: 'Book your free demo' })).toBeVisible();
      }

      const results = await new AxeBuilder({ page }).analyze();
      const serious = results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      expect(serious, serious.join('\n')).toEqual([]);
      await context.close();
    });
  }
}
