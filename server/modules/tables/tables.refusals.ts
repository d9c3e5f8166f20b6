// A refused tap in words (sold out, choices no longer valid), read from the menu as it is now.
import type { z } from 'zod';
import type { lineChangeSchema } from '../../../shared/schemas/tables.schemas';
import { addonChoicesProblem, lineNameOf } from '../../../shared/menu';
import type { Db } from '../../db/client';
import { lineChoicesInvalid, lineProductNotFound, lineSoldOut } from './tables.errors';
import { productChoices } from '../products/products.menu.usecases';

/** 'Half or Full', 'Small, Regular or Large'. */
const either = (names: string[]) =>
  names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;

/**
 * The 409 of a tap the database refused as 'sold_out' or 'choices_invalid', in words: the menu
 * is read again (it may have changed since the tap; the words say what is wrong now).
 */
export async function refusalOf(
  db: Db,
  branchId: string,
  change: z.output<typeof lineChangeSchema>,
  status: 'sold_out' | 'choices_invalid',
  at: Date,
) {
  const menu = await productChoices({ db, branchId, productId: change.productId, now: at });
  if (!menu) return lineProductNotFound();
  const variant = menu.variants.find((one) => one.id === change.variantId) ?? null;
  if (status === 'sold_out') {
    return lineSoldOut(menu.soldOut ? menu.name : lineNameOf(menu.name, variant?.name ?? null));
  }
  const variantNames = menu.variants.map((one) => one.name);
  if (change.variantId === null && variantNames.length > 0) {
    return lineChoicesInvalid(`Choose ${either(variantNames)}`, 'variantId');
  }
  if (change.variantId !== null && !variant) {
    return lineChoicesInvalid(
      variantNames.length > 0
        ? `Choose ${either(variantNames)}`
        : `${menu.name} has no variants now`,
      'variantId',
    );
  }
  return lineChoicesInvalid(
    addonChoicesProblem(menu.groups, change.addonIds) ?? 'The menu has changed',
    'addonIds',
  );
}
