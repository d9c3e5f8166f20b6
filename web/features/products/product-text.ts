/**
 * What the product screens say beyond the spec's own strings (those come from
 * shared/messages.ts): ours, in the spec's tone.
 */
export const PRODUCT_TEXT = {
  loadFailed: 'The products could not be loaded.',
  productLoadFailed: 'This product could not be loaded.',
  choicesLoadFailed: 'The inventory could not be loaded, so ingredients cannot be chosen.',
  notFound: 'This product does not exist (it may have been archived).',
  archivedNote: 'This product is archived: it is kept for bills and reports and cannot be edited.',
  backToProducts: 'Back to products',
  saveFailed: 'Not saved',
  archiveFailed: 'Not archived',
  archiveTitle: (name: string) => `Archive ${name}?`,
  archiveMessage:
    'It disappears from this list and from ordering. Bills and reports that include it keep it.',
  archive: 'Archive',
  archived: (name: string) => `${name} was archived.`,
  foodCost: 'Food cost',
  margin: 'Margin',
  unknown: 'unknown',
  unknownHint: 'An ingredient has not been bought yet',
  listHint: 'Food cost is each recipe at the latest purchase prices.',
  foodCostHint: 'The recipe at the latest purchase prices',
  subcategoryHint: 'Choose or type a new one',
  ingredientsTitle: 'Ingredients',
  ingredientsHint: 'Rows without an ingredient or a quantity are not saved.',
  chooseCategory: 'Choose a category first',
  removeRow: (position: number) => `Remove ingredient row ${position}`,
  noInventory: 'No inventory items yet: add ingredients in Inventory to build recipes.',
  cancel: 'Cancel',
} as const;
