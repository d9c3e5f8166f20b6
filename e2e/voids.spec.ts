import { expect, test, type APIResponse } from '@playwright/test';
import { branchWithManager, isoDate, signedInAt, toast } from './support/helpers';

/**
 * Voids (issue 21, docs/kitchen.md "Voids"): a manager sets an approval PIN in Settings; an item
 * is added and sent to the kitchen; a take-off tap below what was sent opens the void dialog,
 * where a wrong PIN is refused in words and the right one voids it; a line's Void button voids
 * the rest; the void report lists both. On a branch of its own, so its voids are the only ones.
 */

async function ok<T>(response: Promise<APIResponse>, status = 200) {
  const answer = await response;
  expect(answer.status(), await answer.text()).toBe(status);
  return (await answer.json()) as T;
}

test('a manager sets a PIN; a sent item is voided with it from a take-off tap and from its Void button; the void report shows both', async ({
  browser,
  playwright,
}) => {
  test.slow();
  const { manager, managerEmail, managerPassword } = await branchWithManager(playwright, {
    subscriptionType: 'monthly',
    activeDate: isoDate(0),
    deactiveDate: isoDate(30),
  });
  await ok(
    manager.post('/api/products', {
      data: { name: 'Paneer Tikka', subcategory: 'Starters', pricePaise: 24_000 },
    }),
    201,
  );
  const table = await ok<{ id: string }>(
    manager.post('/api/tables', { data: { label: 'T1' } }),
    201,
  );
  const { context, page } = await signedInAt(browser, 1280, {
    email: managerEmail,
    password: managerPassword,
  });

  // Settings: the manager's approval PIN, with the password.
  await page.goto('/settings');
  const card = page.getByRole('region', { name: 'Approval PIN' });
  await expect(card.getByText('Not set')).toBeVisible();
  await card.getByLabel('New PIN').fill('2580');
  await card.getByLabel('PIN again').fill('2580');
  await card.getByLabel('Your password').fill('wrong-password');
  await card.getByRole('button', { name: 'Save PIN' }).click();
  await expect(card.getByText('The current password is not correct.')).toBeVisible();
  await card.getByLabel('Your password').fill(managerPassword);
  await card.getByRole('button', { name: 'Save PIN' }).click();
  await expect(toast(page, 'Your approval PIN is saved.')).toBeVisible();
  await expect(card.getByText('Set', { exact: true })).toBeVisible();

  // Two Paneer Tikka, sent to the kitchen.
  await page.goto(`/table/${table.id}`);
  const add = page.getByRole('button', { name: 'Add Paneer Tikka', exact: true });
  await add.click();
  await add.click();
  await expect(page.getByTestId('line-quantity')).toHaveText('2');
  await page.getByTestId('send-to-kitchen').click();
  await expect(toast(page, 'KOT 1 sent')).toBeVisible();

  // A take-off tap below what was sent: the void dialog opens for the line.
  await page.getByRole('button', { name: 'One less Paneer Tikka' }).click();
  const dialog = page.getByRole('dialog', { name: 'Void Paneer Tikka' });
  await expect(dialog).toBeVisible();
  await expect(page.getByTestId('line-quantity')).toHaveText('2');
  await expect(dialog.getByTestId('void-quantity')).toHaveText('1');
  await expect(dialog.getByText('Value ₹240.00')).toBeVisible();
  await dialog.getByRole('radio', { name: 'Guest changed mind' }).check();
  // The one manager with a PIN is chosen already.
  await expect(dialog.getByLabel('Approved by')).toHaveValue(/.+/);
  await dialog.getByLabel('Manager’s PIN').fill('1111');
  await dialog.getByRole('button', { name: 'Void', exact: true }).click();
  await expect(dialog.getByText('Wrong PIN: 4 tries left before it locks')).toBeVisible();
  await dialog.getByLabel('Manager’s PIN').fill('2580');
  await dialog.getByRole('button', { name: 'Void', exact: true }).click();
  await expect(toast(page, '1 × Paneer Tikka voided. The kitchen was told.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('line-quantity')).toHaveText('1');

  // The line's Void button: the last one, for another reason.
  await page.getByRole('button', { name: 'Void Paneer Tikka' }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('radio', { name: 'Long wait' }).check();
  await dialog.getByLabel('Manager’s PIN').fill('2580');
  await dialog.getByRole('button', { name: 'Void', exact: true }).click();
  await expect(toast(page, '1 × Paneer Tikka voided. The kitchen was told.').first()).toBeVisible();
  await expect(page.getByTestId('line-quantity')).toHaveCount(0);

  // The void report: both voids, by reason, with who approved.
  await page.goto('/report/voids');
  await expect(page.getByRole('heading', { level: 1, name: 'Void Report' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Value voided' })).toContainText('₹480.00');
  await expect(page.getByRole('region', { name: 'Voids', exact: true })).toContainText('2');
  const byReason = page.getByRole('region', { name: 'By reason' });
  await expect(byReason).toContainText('Guest changed mind');
  await expect(byReason).toContainText('Long wait');
  const rows = page.getByRole('table', { name: 'Voids, newest first' }).getByRole('row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText('Paneer Tikka');
  await expect(rows.nth(1)).toContainText('Long wait');
  await expect(rows.nth(2)).toContainText('Guest changed mind');

  // Export to CSV: the range's voids in a file named after it.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export to CSV' }).click();
  expect((await download).suggestedFilename()).toBe(`voids_${isoDate(-6)}_${isoDate(0)}.csv`);
  await context.close();
});
