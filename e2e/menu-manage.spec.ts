import { expect, test } from '@playwright/test';
import { MESSAGES } from '../shared/messages';
import type { AddonGroupList } from '../shared/schemas/menu.schemas';
import type { Menu, Product, ProductList } from '../shared/schemas/products.schemas';
import { DEMO, apiAs, choose, loginInBrowser, toast, uniqueSuffix } from './support/helpers';

test.describe('the manager’s menu screens on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('the manager makes an Extras group, builds a Half/Full product offering it, and marks it sold out from the list', async ({
    page,
    playwright,
  }) => {
    test.setTimeout(90_000); // two screens, a dialog and a long form
    const id = uniqueSuffix();
    const extras = `Extras ${id}`;
    const product = `Biryani ${id}`;
    const shortCode = id.slice(-8).toUpperCase();

    await loginInBrowser(page, DEMO.manager.email, DEMO.manager.password);
    await expect(page).not.toHaveURL(/\/login$/);
    await page.goto('/products');
    await page.getByRole('link', { name: 'Add-on groups' }).click();
    await expect(page.getByRole('heading', { name: 'Add-on groups', level: 1 })).toBeVisible();

    // The add-on group: optional, up to 2, cheese +₹30 and egg +₹20.
    await page.getByRole('button', { name: 'Add group' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New add-on group' });
    await dialog.getByLabel('Group name').fill(extras);
    await dialog.getByLabel('Option name 1').fill('Cheese');
    await dialog.getByLabel('Option price 1').fill('30');
    await dialog.getByRole('button', { name: 'Add option' }).click();
    await dialog.getByLabel('Option name 2').fill('Egg');
    await dialog.getByLabel('Option price 2').fill('20');
    await dialog.getByLabel('Maximum choices').fill('2');
    await dialog.getByRole('button', { name: 'Save group' }).click();
    await expect(toast(page, `${extras} was added.`)).toBeVisible();
    const card = page.getByRole('listitem', { name: extras });
    await expect(card).toContainText('Up to 2');
    await expect(card).toContainText('Cheese+₹30');
    await expect(card).toContainText('On no product yet');

    // The product: Half ₹180 and Full ₹320 (the default), the group, a short code and a colour.
    await page.getByRole('link', { name: 'Back to products' }).click();
    await page.getByRole('link', { name: 'Add Product' }).first().click();
    await page.getByLabel('Product Name').fill(product);
    await page.getByLabel('Short code').fill(shortCode.toLowerCase());
    await expect(page.getByLabel('Short code')).toHaveValue(shortCode);
    await page.getByRole('combobox', { name: 'Subcategory' }).fill(`Mains ${id}`);
    await page.getByRole('button', { name: 'Teal' }).click();
    await page.getByRole('button', { name: 'Add variant' }).click();
    await page.getByLabel('Variant name 1').fill('Half');
    await page.getByLabel('Variant price 1').fill('180');
    await page.getByRole('button', { name: 'Add variant' }).click();
    await page.getByLabel('Variant name 2').fill('Full');
    await page.getByLabel('Variant price 2').fill('320');
    await page.getByRole('radio', { name: 'Default: Full' }).check();
    // The product's own price gives way to the variants'.
    await expect(page.getByText('Priced by its variants')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Price', exact: true })).toHaveCount(0);
    await choose(page, 'Add-on groups', `${extras} (Up to 2)`);
    await page.getByRole('button', { name: 'Add Product' }).click();
    await expect(toast(page, MESSAGES.product.added)).toBeVisible();
    await expect(page).toHaveURL(/\/products$/);

    const row = page.getByRole('row').filter({ hasText: product });
    await expect(row).toContainText('Half ₹180 · Full ₹320');
    await expect(row).toContainText(shortCode);
    await expect(row).toContainText('₹320.00');

    const api = await apiAs(playwright, DEMO.manager.email, DEMO.manager.password);
    const list = (await (await api.get('/api/products')).json()) as ProductList;
    const listed = list.items.find((item) => item.name === product)!;
    const saved = (await (await api.get(`/api/products/${listed.id}`)).json()) as Product;
    const groups = (await (await api.get('/api/addon-groups')).json()) as AddonGroupList;
    const group = groups.items.find((item) => item.name === extras)!;
    expect(saved).toMatchObject({
      pricePaise: 32000,
      shortCode,
      colour: 'teal',
      addonGroupIds: [group.id],
      variants: [
        { name: 'Half', pricePaise: 18000, isDefault: false },
        { name: 'Full', pricePaise: 32000, isDefault: true },
      ],
    });
    expect(group.productCount).toBe(1);

    // Sold out from the list: Half alone, then the whole product, then back on sale.
    await row.getByRole('button', { name: `Sold out: ${product}` }).click();
    await page.getByRole('menuitem', { name: 'Half: Mark sold out' }).click();
    await expect(toast(page, `${product} (Half) is sold out.`)).toBeVisible();
    await expect(row).toContainText('Half ₹180 (sold out)');
    await row.getByRole('button', { name: `Sold out: ${product}` }).click();
    await page.getByRole('menuitem', { name: 'Whole product: Mark sold out' }).click();
    await expect(toast(page, `${product} is sold out.`)).toBeVisible();
    const soldOutBadge = row.locator('.mantine-Badge-root').filter({ hasText: /^Sold out$/ });
    await expect(soldOutBadge).toBeVisible();

    // Staff ordering see it sold out.
    const staff = await apiAs(playwright, DEMO.staff.email, DEMO.staff.password);
    const menu = (await (await staff.get('/api/products/menu')).json()) as Menu;
    const item = menu.items.find((entry) => entry.id === listed.id)!;
    expect(item.soldOut).toBe(true);
    expect(item.variants.find((variant) => variant.name === 'Half')?.soldOut).toBe(true);

    await row.getByRole('button', { name: `Sold out: ${product}` }).click();
    await page.getByRole('menuitem', { name: 'Whole product: Back on sale' }).click();
    await expect(toast(page, `${product} is back on sale.`)).toBeVisible();
    await expect(soldOutBadge).toHaveCount(0);

    // Leave the demo menu as it was.
    expect((await api.delete(`/api/products/${listed.id}`)).ok()).toBe(true);
    expect((await api.delete(`/api/addon-groups/${group.id}`)).ok()).toBe(true);
  });
});
