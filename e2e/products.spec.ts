import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { MESSAGES } from '../shared/messages';
import type { InventoryItem } from '../shared/schemas/inventory.schemas';
import {
  DEMO,
  apiAs,
  choose,
  isoDate,
  loginInBrowser,
  toast,
  uniqueSuffix,
} from './support/helpers';

test.describe('products on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('the manager adds an ingredient-backed product, sees its price and cost, edits it and archives it', async ({
    page,
    playwright,
  }) => {
    const id = uniqueSuffix();
    const category = `Dairy ${id}`;
    const ingredientName = `Malai ${id}`;
    const product = `Paneer Tikka ${id}`;

    // An ingredient bought once: 1 kg for ₹400, so 1 g costs 40 paise.
    const api = await apiAs(playwright, DEMO.manager.email, DEMO.manager.password);
    const added = await api.post('/api/inventory', {
      data: { category, name: ingredientName, quantity: 2, unit: 'kg' },
    });
    expect(added.status(), await added.text()).toBe(201);
    const paneer = (await added.json()) as InventoryItem;
    const vendor = await api.post('/api/vendors', {
      data: {
        name: `Dairy Farm ${id}`,
        contactNo: '98450 12345',
        address: 'Market Road',
        categories: [category],
        itemIds: [paneer.id],
      },
    });
    expect(vendor.status(), await vendor.text()).toBe(201);
    const bought = await api.post('/api/stock/submissions', {
      data: {
        idempotencyKey: randomUUID(),
        entries: [
          {
            vendorId: ((await vendor.json()) as { id: string }).id,
            ingredientId: paneer.id,
            invoiceDate: isoDate(),
            quantity: 1,
            unit: 'kg',
            pricePaise: 40000,
          },
        ],
      },
    });
    expect(bought.status(), await bought.text()).toBe(201);

    await loginInBrowser(page, DEMO.manager.email, DEMO.manager.password);
    await expect(page).not.toHaveURL(/\/login$/);
    await page.goto('/products');
    await expect(page.getByRole('heading', { name: 'Product List', level: 1 })).toBeVisible();
    await page.getByRole('link', { name: 'Add Product' }).first().click();
    await expect(page).toHaveURL(/\/add-product$/);
    await expect(page.getByRole('heading', { name: 'Add New Product', level: 1 })).toBeVisible();

    // Required fields are checked before anything is sent.
    await page.getByRole('button', { name: 'Add Product' }).click();
    await expect(page.getByText('Product name is required')).toBeVisible();
    await expect(page.getByText('Price is required')).toBeVisible();

    await page.getByLabel('Product Name').fill(product);
    await page.getByLabel('Price').fill('1250.50');
    await page.getByRole('combobox', { name: 'Subcategory' }).fill(`Starters ${id}`);
    await choose(page, 'Category 1', category);
    await choose(page, 'Ingredient 1', new RegExp(`${ingredientName} \\(3 kg\\)`));
    await page.getByLabel('Quantity Used 1').fill('150');
    // A second row left empty is dropped on save.
    await page.getByRole('button', { name: 'Add More Ingredients' }).click();
    await expect(page.getByRole('combobox', { name: 'Category 2' })).toBeVisible();
    await page.getByRole('button', { name: 'Add Product' }).click();
    await expect(toast(page, MESSAGES.product.added)).toBeVisible();
    await expect(page).toHaveURL(/\/products$/);

    // ₹1,250.50 with Indian grouping; 150 g × 40 paise = ₹60.00 food cost.
    let row = page.getByRole('row').filter({ hasText: product });
    await expect(row).toContainText('₹1,250.50');
    await expect(row).toContainText(`Starters ${id}`);
    await expect(row).toContainText('₹60.00');
    await expect(row).toContainText('₹1,190.50');

    await row.getByRole('link', { name: `Edit ${product}` }).click();
    await expect(page).toHaveURL(/\/editproduct\//);
    await expect(page.getByLabel('Quantity Used 1')).toHaveValue('150');
    await page.getByLabel('Price').fill('1500');
    await page.getByLabel('Quantity Used 1').fill('200');
    await page.getByRole('button', { name: 'Update Product' }).click();
    await expect(toast(page, MESSAGES.product.updated)).toBeVisible();
    await expect(page).toHaveURL(/\/products$/);
    row = page.getByRole('row').filter({ hasText: product });
    await expect(row).toContainText('₹1,500.00');
    await expect(row).toContainText('₹80.00');

    // The delete icon archives, after a confirmation (Cancel keeps it).
    await row.getByRole('button', { name: `Archive ${product}` }).click();
    const dialog = page.getByRole('dialog', { name: `Archive ${product}?` });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    // Closed before it opens again: a click on the closing dialog's button would be lost.
    await expect(dialog).toBeHidden();
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: `Archive ${product}` }).click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Archive' }).click();
    await expect(toast(page, `${product} was archived.`)).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: product })).toHaveCount(0);

    // Gone from ordering too.
    const staff = await apiAs(playwright, DEMO.staff.email, DEMO.staff.password);
    const menu = (await (await staff.get('/api/products/menu')).json()) as {
      items: { name: string }[];
    };
    expect(menu.items.map((item) => item.name)).not.toContain(product);
  });
});

test('staff who type /products get the not-allowed page', async ({ page }) => {
  await loginInBrowser(page, DEMO.staff.email, DEMO.staff.password);
  await expect(page).not.toHaveURL(/\/login$/);
  await page.goto('/products');
  await expect(page.getByText(MESSAGES.auth.notAllowed)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Product List' })).toHaveCount(0);
});
