import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { TableOrder, TableSummary } from '../shared/schemas/tables.schemas';
import { DEMO, apiAs, loginInBrowser, ok, uniqueSuffix } from './support/helpers';

/**
 * A product card under a finger (issue 32, item 4; product-card.tsx): the tap counts when the
 * finger lifts, once, and the click the browser makes of it a moment later adds nothing more
 * and lands on nothing the tap opened; a finger that slides or is held adds nothing.
 */

/** A plain dish, a dish of two sizes with no default (its tap asks), and a new table. */
async function build(api: APIRequestContext) {
  const id = uniqueSuffix();
  const subcategory = `Touch ${id}`;
  const dish = (name: string, extra: object = {}) =>
    ok<{ id: string }>(
      api.post('/api/products', {
        data: { name, pricePaise: 12_000, subcategory, ...extra },
      }),
      201,
    );
  const plain = `Masala Dosa ${id}`;
  const sized = `Lassi ${id}`;
  const plainDish = await dish(plain);
  await dish(sized, {
    variants: [
      { name: 'Small', pricePaise: 8_000 },
      { name: 'Large', pricePaise: 12_000 },
    ],
  });
  const table = await ok<TableSummary>(
    api.post('/api/tables', { data: { label: `Touch ${id}` } }),
    201,
  );
  return { subcategory, plain, plainId: plainDish.id, sized, table };
}

/** Items of a product on the server's order of the table. */
async function savedQuantity(api: APIRequestContext, tableId: string, productId: string) {
  const order = await ok<TableOrder>(api.get(`/api/tables/${tableId}/order`));
  return order.lines
    .filter((line) => line.productId === productId)
    .reduce((sum, line) => sum + line.quantity, 0);
}

/**
 * A finger of its own through the DevTools protocol, down at `from`: `slide` moves it by `dy`,
 * `lift` ends it.
 */
async function fingerDown(page: Page, from: { x: number; y: number }) {
  const cdp = await page.context().newCDPSession(page);
  const at = (y: number) => [{ x: from.x, y, id: 1 }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(from.y) });
  return {
    async slide(dy: number) {
      for (let step = 1; step <= 6; step++) {
        await cdp.send('Input.dispatchTouchEvent', {
          type: 'touchMove',
          touchPoints: at(from.y + (dy * step) / 6),
        });
      }
    },
    async lift() {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      await cdp.detach();
    },
  };
}

async function centreOf(page: Page, name: string) {
  const box = await page.getByRole('button', { name: `Add ${name}`, exact: true }).boundingBox();
  if (!box) throw new Error(`no card for ${name}`);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

test.describe('a product card under a finger, on a phone', () => {
  test.use({ viewport: { width: 360, height: 800 }, hasTouch: true, isMobile: true });

  test('a tap adds once at the lift; a slide and a long press add nothing; no ghost click', async ({
    page,
    playwright,
  }) => {
    const api = await apiAs(playwright, DEMO.manager.email, DEMO.manager.password);
    const built = await build(api);
    await loginInBrowser(page, DEMO.staff.email, DEMO.staff.password);
    await expect(page).toHaveURL(/\/usersidebar\/billing$/);
    await page.goto(`/table/${built.table.id}`);
    await page
      .getByRole('group', { name: 'Subcategories' })
      .getByRole('button', { name: built.subcategory })
      .tap();
    const card = page.getByRole('button', { name: `Add ${built.plain}`, exact: true });

    // Three taps, three items: the browser's click after each lift is not a second add.
    for (const count of [1, 2, 3]) {
      await card.tap();
      await expect(card).toContainText(`×${count}`);
    }
    await expect.poll(() => savedQuantity(api, built.table.id, built.plainId)).toBe(3);

    // A finger held on the card opens the picker for choices and adds nothing: at the card's
    // own delay (as on an iPhone, which says nothing of a long press)...
    const held = page.getByRole('dialog', { name: built.plain });
    let finger = await fingerDown(page, await centreOf(page, built.plain));
    await page.waitForTimeout(800);
    await finger.lift();
    await expect(held).toBeVisible();
    await held.getByRole('button', { name: 'Close' }).tap();
    await expect(held).toBeHidden();
    // ...or at once when Chrome says it is a long press (its context menu event, at Android's
    // own delay, which comes before the card's): refused, so the browser's menu does not open.
    finger = await fingerDown(page, await centreOf(page, built.plain));
    const menuRefused = await card.evaluate((button) => {
      const event = new MouseEvent('contextmenu', { bubbles: true, cancelable: true });
      return !button.dispatchEvent(event);
    });
    expect(menuRefused).toBe(true);
    await expect(held).toBeVisible();
    await finger.lift();
    await held.getByRole('button', { name: 'Close' }).tap();
    await expect(held).toBeHidden();
    await expect(card).toContainText('×3');

    // A finger that slides 60 px (a scroll of the menu) adds nothing.
    finger = await fingerDown(page, await centreOf(page, built.plain));
    await finger.slide(-60);
    await finger.lift();

    // A dish whose sizes must be chosen: the tap opens the picker at the lift, and the click
    // that follows does not land on a size under the finger.
    await page.getByRole('button', { name: `Add ${built.sized}`, exact: true }).tap();
    const sizes = page.getByRole('dialog', { name: built.sized });
    await expect(sizes).toBeVisible();
    await expect(sizes.getByRole('button', { name: /Small/ })).toBeVisible();
    await sizes.getByRole('button', { name: /Large/ }).tap();
    await expect(sizes).toBeHidden();
    await expect(page.getByRole('button', { name: /^View order: 4 items/ })).toBeVisible();
    await expect.poll(() => savedQuantity(api, built.table.id, built.plainId)).toBe(3);
    await expect(card).toContainText('×3');
  });
});
