import type { KotItem as KitchenItem } from '../../../shared/schemas/kitchen.schemas';

/**
 * What a ticket item says on the display: its name, then the variant when the name does not
 * carry it already ('Veg Biryani (Half)'), then the add-ons. The note is shown apart.
 */
export function itemDetails(item: Pick<KitchenItem, 'name' | 'variantName' | 'addons'>): string {
  const parts: string[] = [];
  if (item.variantName && !item.name.includes(`(${item.variantName})`)) {
    parts.push(item.variantName);
  }
  parts.push(...item.addons.map((addon) => addon.name));
  return parts.join(' · ');
}

/** The item in words for a screen reader: '2 × Veg Biryani (Half), Extra cheese, note: less oil'. */
export function itemWords(item: KitchenItem): string {
  const details = itemDetails(item);
  return [
    `${item.quantity} × ${item.name}`,
    ...(details ? [details] : []),
    ...(item.note ? [`note: ${item.note}`] : []),
  ].join(', ');
}
