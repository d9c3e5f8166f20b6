import type { Db } from '../../db/client';
import {
  addonGroups,
  addonOptions,
  choiceIngredients,
  productAddonGroups,
  productVariants,
} from '../../db/schema';

/**
 * A product's menu choices written straight to the database (the menu API is not under test
 * here): variants, add-on groups with their options attached to products, and recipes of
 * choices.
 */
export function menuOf(db: Db, branchId: string) {
  return {
    /** Variants of `productId` in the order given; answers their ids by name. */
    async variants<const N extends string>(
      productId: string,
      rows: { name: N; pricePaise: number; isDefault?: boolean }[],
    ): Promise<Record<N, string>> {
      const made = await db
        .insert(productVariants)
        .values(rows.map((row, position) => ({ branchId, productId, position, ...row })))
        .returning({ id: productVariants.id, name: productVariants.name });
      return Object.fromEntries(made.map((row) => [row.name, row.id])) as Record<N, string>;
    },

    /**
     * An add-on group with its options (in the order given), attached to `productIds` at
     * `position`; answers the group's id and its options' ids by name.
     */
    async group<const N extends string>(
      name: string,
      choices: { min: number; max: number },
      options: { name: N; pricePaise: number }[],
      productIds: string[],
      position = 0,
    ): Promise<{ id: string; options: Record<N, string> }> {
      const [group] = await db
        .insert(addonGroups)
        .values({ branchId, name, minChoices: choices.min, maxChoices: choices.max })
        .returning({ id: addonGroups.id });
      const made = await db
        .insert(addonOptions)
        .values(options.map((row, at) => ({ branchId, groupId: group!.id, position: at, ...row })))
        .returning({ id: addonOptions.id, name: addonOptions.name });
      if (productIds.length > 0) {
        await db
          .insert(productAddonGroups)
          .values(
            productIds.map((productId) => ({ branchId, productId, groupId: group!.id, position })),
          );
      }
      const ids = Object.fromEntries(made.map((row) => [row.name, row.id])) as Record<N, string>;
      return { id: group!.id, options: ids };
    },

    /** Recipe rows of a variant (`kind` 'variant') or an add-on option ('option'). */
    async recipe(
      kind: 'variant' | 'option',
      choiceId: string,
      rows: { ingredientId: string; quantityUsed: number }[],
    ): Promise<void> {
      await db.insert(choiceIngredients).values(
        rows.map((row) => ({
          branchId,
          choiceId,
          ...(kind === 'variant' ? { variantId: choiceId } : { optionId: choiceId }),
          ...row,
        })),
      );
    },
  };
}
