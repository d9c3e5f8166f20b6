import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { LABELS } from '../shared/messages';
import type { InventoryItem } from '../shared/schemas/inventory.schemas';
import type { TableOrder, TableSummary } from '../shared/schemas/tables.schemas';
import {
  DEMO,
  apiAs,
  loginInBrowser,
  ok,
  toast,
  uniqueSuffix,
  watchConsole,
} from './support/helpers';

/**
 * The order screen with a real menu (issue 20, docs/menu.md "The order screen"): a product with
 * Half / Full and an Extras group, ordered with choices and a note on a phone by taps only and
 * on a desktop by the keyboard only; sold out greyed on a second device without reload; paid,
 * with the choices on the printed bill and the recipes of the variant and add-on deducted.
 */

interface Biryani {
  id: string;
  name: string;
  subcategory: string;
  shortCode: string;
  riceId: string;
  cheeseId: string;
  table: TableSummary;
}

/**
 * Builds through the API what the test orders: rice and cheese in stock, an Extras group (Cheese
 * +₹30 with 20 g of cheese, Egg +₹20; none to two), and a biryani of its own subcategory with
 * Half (₹180, 100 g rice) and Full (₹320, 200 g rice) and no default, so a tap asks which.
 */
async function buildBiryani(api: APIRequestContext): Promise<Biryani> {
  const id = uniqueSuffix();
  const rice = await ok<InventoryItem>(
    api.post('/api/inventory', {
      data: { category: `Grains ${id}`, name: `Rice ${id}`, quantity: 5, unit: 'kg' },
    }),
    201,
  );
  const cheese = await ok<InventoryItem>(
    api.post('/api/inventory', {
      data: { category: `Dairy ${id}`, name: `Cheese ${id}`, quantity: 1, unit: 'kg' },
    }),
    201,
  );
  const extras = await ok<{ id: string }>(
    api.post('/api/addon-groups', {
      data: {
        name: `Extras ${id}`,
        minChoices: 0,
        maxChoices: 2,
        options: [
          {
            name: 'Cheese',
            pricePaise: 3_000,
            ingredients: [{ ingredientId: cheese.id, quantityUsed: 20 }],
          },
          { name: 'Egg', pricePaise: 2_000 },
        ],
      },
    }),
    201,
  );
  const name = `Dum Biryani ${id}`;
  const shortCode = `Z${id.slice(-6)}`.toUpperCase().replace(/[^A-Z0-9]/g, '');
  const product = await ok<{ id: string }>(
    api.post('/api/products', {
      data: {
        name,
        pricePaise: 18_000,
        subcategory: `Mains ${id}`,
        shortCode,
        colour: 'orange',
        variants: [
          {
            name: 'Half',
            pricePaise: 18_000,
            ingredients: [{ ingredientId: rice.id, quantityUsed: 100 }],
          },
          {
            name: 'Full',
            pricePaise: 32_000,
            ingredients: [{ ingredientId: rice.id, quantityUsed: 200 }],
          },
        ],
        addonGroupIds: [extras.id],
      },
    }),
    201,
  );
  const table = await ok<TableSummary>(
    api.post('/api/tables', { data: { label: `Menu ${id}` } }),
    201,
  );
  return {
    id: product.id,
    name,
    subcategory: `Mains ${id}`,
    shortCode,
    riceId: rice.id,
    cheeseId: cheese.id,
    table,
  };
}

/** A choice of the payment dialog's radio groups (status, method). */
const choose = (dialog: ReturnType<Page['getByRole']>, group: string, option: string) =>
  dialog.getByRole('radiogroup', { name: group }).getByText(option, { exact: true }).click();

const orderOf = (api: APIRequestContext, tableId: string) =>
  ok<TableOrder>(api.get(`/api/tables/${tableId}/order`));

/** The server's lines as [name, add-ons, note, quantity]. */
async function savedLines(api: APIRequestContext, tableId: string) {
  const order = await orderOf(api, tableId);
  return order.lines.map((line) => [
    line.name,
    line.addons.map((addon) => addon.name).join('+'),
    line.note,
    line.quantity,
  ]);
}

const orderPanel = (page: Page) => page.getByRole('region', { name: LABELS.table.orders });
const orderLines = (page: Page) => orderPanel(page).getByRole('listitem');
/** The picker (a sheet on phones, a dialog on wider screens), named after the product. */
const picker = (page: Page, name: string) => page.getByRole('dialog', { name });

/** Signs in and waits for the landing screen (Tables / Billing). */
async function signIn(page: Page, account: { email: string; password: string }) {
  await loginInBrowser(page, account.email, account.password);
  await expect(page).toHaveURL(/\/usersidebar\/billing$/);
}

test.describe('a real menu on a phone, by taps only', () => {
  test.use({ viewport: { width: 360, height: 800 }, hasTouch: true, isMobile: true });

  test('a variant, two add-ons and a note; the same choices merge, others split; the note changed from the line', async ({
    page,
    playwright,
  }) => {
    // Many steps on a shared machine: twice the usual time.
    test.slow();
    const problems = watchConsole(page);
    const api = await apiAs(playwright, DEMO.manager.email, DEMO.manager.password);
    const biryani = await buildBiryani(api);
    await signIn(page, DEMO.staff);
    await page.goto(`/table/${biryani.table.id}`);
    await expect(page.getByRole('heading', { level: 1, name: biryani.table.label })).toBeVisible();
    // A touch screen: no keyboard hint.
    await expect(page.getByText(/Enter to add/)).toBeHidden();

    // The guests seated: one tap on the header, one on the count.
    await page.getByRole('button', { name: 'Guests: not said. Set them' }).tap();
    await page
      .getByRole('dialog', { name: 'Guests at this table' })
      .getByRole('button', { name: '3', exact: true })
      .tap();
    await expect(page.getByRole('button', { name: 'Guests: 3. Change' })).toContainText('3 guests');
    await expect.poll(async () => (await orderOf(api, biryani.table.id)).guests).toBe(3);

    // The subcategory chip, then the card: no default size, so the picker asks.
    await page
      .getByRole('group', { name: 'Subcategories' })
      .getByRole('button', { name: biryani.subcategory })
      .tap();
    const card = page.getByRole('button', { name: `Add ${biryani.name}`, exact: true });
    await card.tap();
    let sheet = picker(page, biryani.name);
    await expect(sheet).toBeVisible();
    await expect(sheet.getByRole('button', { name: /Half/ })).toContainText('₹180.00');
    // Full: nothing else is required, so the tap adds it (two taps in all).
    await sheet.getByRole('button', { name: /Full/ }).tap();
    await expect(sheet).toBeHidden();
    await expect(
      page.getByRole('button', { name: /^View order: 1 item, ₹320\.00$/ }),
    ).toBeVisible();

    // 'Add with choices…' from the card's menu: Half, Cheese, Egg, a quick note, Add.
    const withChoices = async () => {
      await page.getByRole('button', { name: `More for ${biryani.name}` }).tap();
      await page.getByRole('menuitem', { name: 'Add with choices…' }).tap();
      sheet = picker(page, biryani.name);
      await sheet.getByRole('button', { name: /Half/ }).tap();
      await sheet.getByRole('button', { name: /Cheese/ }).tap();
      await sheet.getByRole('button', { name: /Egg/ }).tap();
      await sheet
        .getByRole('group', { name: 'Quick notes' })
        .getByRole('button', { name: 'No onion' })
        .tap();
      await expect(sheet.getByRole('textbox', { name: 'Note' })).toHaveValue('No onion');
      await sheet.getByRole('button', { name: 'Add ₹230.00' }).tap();
      await expect(sheet).toBeHidden();
    };
    await withChoices();
    await withChoices();
    await expect(card).toContainText('×3');

    // One tap opens the order; same choices made one line, other choices another.
    await page.getByRole('button', { name: /^View order: 3 items, ₹780\.00$/ }).tap();
    const lines = orderLines(page);
    await expect(lines).toHaveCount(2);
    const full = lines.filter({ hasText: `${biryani.name} (Full)` });
    const half = lines.filter({ hasText: `${biryani.name} (Half)` });
    await expect(full.getByTestId('line-quantity')).toHaveText('1');
    await expect(half.getByTestId('line-quantity')).toHaveText('2');
    await expect(half).toContainText('Cheese +₹30.00, Egg +₹20.00');
    await expect(half.getByTestId('line-note')).toHaveText('No onion');
    await expect(orderPanel(page).getByTestId('order-total')).toHaveText('₹780.00');

    // The Full line's note, set from the line: it moves to a line with the note.
    await full.getByRole('button', { name: `Note for ${biryani.name} (Full)` }).tap();
    const editor = page.getByRole('dialog', { name: 'Note for this line' });
    await editor.getByRole('button', { name: 'Jain' }).tap();
    await editor.getByRole('button', { name: 'Save note' }).tap();
    await expect(editor).toBeHidden();
    await expect(lines.filter({ hasText: 'Jain' }).getByTestId('line-quantity')).toHaveText('1');
    await expect
      .poll(() => savedLines(api, biryani.table.id))
      .toEqual([
        [`${biryani.name} (Half)`, 'Cheese+Egg', 'No onion', 2],
        [`${biryani.name} (Full)`, '', 'Jain', 1],
      ]);

    // The screen fits the phone and has no serious accessibility problem, sheet open or not.
    for (const state of ['order open', 'menu']) {
      const results = await new AxeBuilder({ page }).analyze();
      const serious = results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${state}: ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      expect(serious, serious.join('\n')).toEqual([]);
      await page.keyboard.press('Escape');
      // The sheet fades out: a check during the fade would read its half-transparent text.
      await expect(page.getByRole('dialog')).toHaveCount(0);
    }
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    expect(problems, problems.join('\n')).toEqual([]);
  });
});

test.describe('a real menu on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('the keyboard alone takes the order: short code and Enter, the picker by keys, Pay', async ({
    page,
    playwright,
  }) => {
    const problems = watchConsole(page);
    const api = await apiAs(playwright, DEMO.manager.email, DEMO.manager.password);
    const biryani = await buildBiryani(api);
    await signIn(page, DEMO.staff);
    await page.goto(`/table/${biryani.table.id}`);
    const search = page.getByRole('searchbox', { name: 'Search products' });
    // A keyboard and a mouse: the search has the focus and says how it works.
    await expect(search).toBeFocused();
    await expect(page.getByText(/Enter to add/)).toBeVisible();

    // The short code (any case) and Enter: no default size, so the picker opens on Half.
    await page.keyboard.type(biryani.shortCode.toLowerCase());
    await page.keyboard.press('Enter');
    const dialog = picker(page, biryani.name);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: /Half/ })).toBeFocused();
    // → Full, Enter: added at once.
    await page.keyboard.press('ArrowRight');
    await expect(dialog.getByRole('button', { name: /Full/ })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(search).toBeFocused();

    // Shift+Enter: the picker to choose more. Half, Tab to Cheese, Space, Tab Tab to the note.
    await page.keyboard.type(biryani.shortCode);
    await page.keyboard.press('Shift+Enter');
    await expect(dialog.getByRole('button', { name: /Half/ })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('button', { name: /Half/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: /Cheese/ })).toBeFocused();
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('textbox', { name: 'Note' })).toBeFocused();
    await page.keyboard.type('less  oil ');
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(search).toBeFocused();

    // Escape closes the picker and adds nothing.
    await page.keyboard.type(biryani.shortCode);
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('button', { name: /Half/ })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(search).toBeFocused();

    // A name and Enter for a plain product.
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('masala ch');
    await page.keyboard.press('Enter');

    const lines = orderLines(page);
    await expect(lines).toHaveCount(3);
    await expect
      .poll(() => savedLines(api, biryani.table.id))
      .toEqual([
        [`${biryani.name} (Full)`, '', '', 1],
        [`${biryani.name} (Half)`, 'Cheese', 'less oil', 1],
        ['Masala Chai', '', '', 1],
      ]);

    // Tab from the search: 'Skip to the order', Enter: Pay has the focus; Enter opens it.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Skip to the order' })).toBeFocused();
    await page.keyboard.press('Enter');
    const pay = orderPanel(page).getByRole('button', { name: /^Pay ₹/ });
    await expect(pay).toBeFocused();
    await page.keyboard.press('Enter');
    const payment = page.getByRole('dialog', { name: 'Pay' });
    await expect(payment).toBeVisible();
    // The payment dialog shows each line's choices.
    await expect(payment).toContainText(`${biryani.name} (Half)`);
    await expect(payment).toContainText('+ Cheese ₹30.00');
    await expect(payment).toContainText('Note: less oil');
    await page.keyboard.press('Escape');
    expect(problems, problems.join('\n')).toEqual([]);
  });

  test('an item marked sold out greys out on a second device without reload, refuses taps, and comes back', async ({
    browser,
    playwright,
  }) => {
    const api = await apiAs(playwright, DEMO.manager.email, DEMO.manager.password);
    const biryani = await buildBiryani(api);
    const managerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const staffContext = await browser.newContext({
      viewport: { width: 768, height: 1024 },
      hasTouch: true,
    });
    const manager = await managerContext.newPage();
    const staff = await staffContext.newPage();
    await signIn(manager, DEMO.manager);
    await signIn(staff, DEMO.staff);
    await manager.goto(`/table/${biryani.table.id}`);
    await staff.goto(`/table/${biryani.table.id}`);
    const staffCard = staff.getByRole('button', { name: `Add ${biryani.name}`, exact: true });
    await expect(staffCard).toBeVisible();

    // The manager marks Half sold out from the card's menu: greyed in the staff's picker.
    await manager.getByRole('button', { name: `More for ${biryani.name}` }).click();
    await manager.getByRole('menuitem', { name: 'Mark Half sold out' }).click();
    await expect(toast(manager, `${biryani.name} (Half) is marked sold out`)).toBeVisible();
    await staffCard.tap();
    const sheet = picker(staff, biryani.name);
    await expect(sheet.getByRole('button', { name: /Half/ })).toContainText('Sold out');
    await expect(sheet.getByRole('button', { name: /Half/ })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    // A tap on it anyway (aria-disabled: Playwright would wait for it to be enabled).
    await sheet.getByRole('button', { name: /Half/ }).tap({ force: true });
    await expect(sheet.getByRole('alert')).toHaveText(`${biryani.name} (Half) is sold out`);
    await staff.keyboard.press('Escape');

    // The whole product: the staff's card greys out live; a tap says so and adds nothing.
    await manager.getByRole('button', { name: `More for ${biryani.name}` }).click();
    await manager.getByRole('menuitem', { name: 'Mark sold out', exact: true }).click();
    const greyed = staff.getByRole('button', { name: `${biryani.name}, sold out` });
    await expect(greyed).toBeVisible({ timeout: 5_000 });
    await expect(greyed).toContainText('Sold out');
    await greyed.tap({ force: true });
    await expect(toast(staff, `${biryani.name} is sold out`)).toBeVisible();
    await expect(sheet).toBeHidden();
    expect((await orderOf(api, biryani.table.id)).lines).toEqual([]);

    // The server refuses it too (a device that had not heard yet): 409 with the reason.
    const refused = await api.post(`/api/tables/${biryani.table.id}/lines`, {
      data: {
        opId: crypto.randomUUID(),
        productId: biryani.id,
        delta: 1,
        variantId: null,
        addonIds: [],
        note: '',
      },
    });
    expect(refused.status()).toBe(409);

    // Back on sale from the staff's own screen (staff may): every device shows it again.
    await staff.getByRole('button', { name: `More for ${biryani.name}` }).tap();
    await staff.getByRole('menuitem', { name: 'Back on sale' }).tap();
    await expect(
      manager.getByRole('button', { name: `Add ${biryani.name}`, exact: true }),
    ).toBeVisible({ timeout: 5_000 });
    await managerContext.close();
    await staffContext.close();
  });

  test('paid: the printed bill shows the variant, the add-ons with prices and the note, and the recipes left the stock', async ({
    page,
    playwright,
  }) => {
    const api = await apiAs(playwright, DEMO.manager.email, DEMO.manager.password);
    const biryani = await buildBiryani(api);
    await signIn(page, DEMO.manager);
    await page.goto(`/table/${biryani.table.id}`);
    await page.getByRole('button', { name: `More for ${biryani.name}` }).click();
    await page.getByRole('menuitem', { name: 'Add with choices…' }).click();
    const dialog = picker(page, biryani.name);
    await dialog.getByRole('button', { name: /Full/ }).click();
    await dialog.getByRole('button', { name: /Cheese/ }).click();
    await dialog.getByRole('textbox', { name: 'Note' }).fill('No onion');
    await dialog.getByRole('button', { name: 'Add ₹350.00' }).click();
    await orderPanel(page)
      .getByRole('button', { name: `One more ${biryani.name} (Full)` })
      .click();
    await expect(orderPanel(page).getByTestId('order-total')).toHaveText('₹700.00');

    await orderPanel(page).getByRole('button', { name: 'Pay ₹700.00' }).click();
    const payment = page.getByRole('dialog', { name: 'Pay' });
    await choose(payment, 'Payment status', 'Settled');
    await choose(payment, 'Payment method', 'Cash');
    await payment.getByRole('button', { name: 'Save Payment' }).click();
    const billTitle = payment.getByText(/^Bill [A-Z0-9]+\/\d{4}\/\d{6}$/);
    await expect(billTitle).toBeVisible();
    const number = (await billTitle.textContent())!.replace('Bill ', '');

    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      payment.getByRole('button', { name: 'Print bill' }).click(),
    ]);
    const bill = popup.getByRole('article', { name: `Bill No. ${number}` });
    await expect(bill.getByText(`${biryani.name} (Full)`)).toBeVisible();
    await expect(bill.getByText('+ Cheese (₹30.00)')).toBeVisible();
    await expect(bill.getByText('Note: No onion')).toBeVisible();

    // Two Full (200 g of rice each) with cheese (20 g each) left the store.
    const rice = await ok<InventoryItem>(api.get(`/api/inventory/${biryani.riceId}`));
    const cheese = await ok<InventoryItem>(api.get(`/api/inventory/${biryani.cheeseId}`));
    expect(rice.quantity).toBe(5_000 - 2 * 200);
    expect(cheese.quantity).toBe(1_000 - 2 * 20);
  });
});
