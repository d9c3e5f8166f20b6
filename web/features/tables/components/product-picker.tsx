import { useMemo, useState, type KeyboardEvent } from 'react';
import { Badge, Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { formatInr } from '../../../../shared/money';
import type { MenuItem } from '../../../../shared/schemas/products.schemas';
import type { LineProduct } from '../order-lines';
import { TABLE_TEXT } from '../table-text';

type Props = {
  items: MenuItem[];
  /** Quantity of each product on the order, shown on its card. */
  quantities: ReadonlyMap<string, number>;
  onAdd: (product: LineProduct) => void;
};

const lineProduct = (item: MenuItem): LineProduct => ({
  productId: item.id,
  name: item.name,
  unitPricePaise: item.pricePaise,
  subcategory: item.subcategory,
});

/**
 * The subcategory list and the product cards, with a search box made for a busy counter: type
 * to filter (any subcategory), ↑/↓ to choose, Enter adds the chosen product (the first one by
 * default) and selects the text, so the next name can be typed at once or Enter pressed again.
 */
export function ProductPicker({ items, quantities, onAdd }: Props) {
  const [subcategory, setSubcategory] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState(0);

  const subcategories = useMemo(
    () => [...new Set(items.map((item) => item.subcategory))].sort((a, b) => a.localeCompare(b)),
    [items],
  );
  const needle = search.trim().toLowerCase();
  const shown = needle
    ? items.filter((item) => item.name.toLowerCase().includes(needle))
    : items.filter((item) => subcategory === null || item.subcategory === subcategory);
  const active = needle ? Math.min(selected, shown.length - 1) : -1;

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setSelected((index) => Math.max(0, Math.min(shown.length - 1, index + step)));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const item = shown[Math.max(active, 0)];
      if (!needle || !item) return;
      onAdd(lineProduct(item));
      event.currentTarget.select();
    } else if (event.key === 'Escape') {
      setSearch('');
    }
  };

  return (
    <Stack gap="sm">
      <TextInput
        type="search"
        aria-label={TABLE_TEXT.search}
        placeholder={TABLE_TEXT.search}
        description={TABLE_TEXT.searchHint}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          setSelected(0);
        }}
        onKeyDown={onKeyDown}
        autoComplete="off"
        aria-controls="product-cards"
        aria-activedescendant={active >= 0 ? `product-${shown[active]?.id}` : undefined}
      />
      {!needle && (
        <Group
          gap={6}
          role="group"
          aria-label={TABLE_TEXT.subcategories}
          className="tf-subcategories"
        >
          {[null, ...subcategories].map((name) => (
            <Button
              key={name ?? ''}
              size="compact-md"
              variant={subcategory === name ? 'filled' : 'default'}
              aria-pressed={subcategory === name}
              onClick={() => setSubcategory(name)}
            >
              {name ?? TABLE_TEXT.allSubcategories}
            </Button>
          ))}
        </Group>
      )}
      {shown.length === 0 ? (
        <Text c="dimmed">{TABLE_TEXT.noMatch}</Text>
      ) : (
        <SimpleGrid
          id="product-cards"
          cols={{ base: 2, xs: 3, sm: 3, md: 2, lg: 3, xl: 4 }}
          spacing="xs"
        >
          {shown.map((item, index) => {
            const quantity = quantities.get(item.id);
            return (
              <button
                key={item.id}
                id={`product-${item.id}`}
                type="button"
                className="tf-product-card"
                data-selected={index === active || undefined}
                aria-label={TABLE_TEXT.add(item.name)}
                onClick={() => onAdd(lineProduct(item))}
              >
                <Text fw={600} size="sm" lineClamp={2}>
                  {item.name}
                </Text>
                <Group justify="space-between" w="100%" gap={4} wrap="nowrap">
                  <Text size="sm" c="dimmed">
                    {formatInr(item.pricePaise)}
                  </Text>
                  {quantity ? (
                    <Badge size="sm" variant="light" aria-hidden>
                      ×{quantity}
                    </Badge>
                  ) : null}
                </Group>
              </button>
            );
          })}
        </SimpleGrid>
      )}
    </Stack>
  );
}
