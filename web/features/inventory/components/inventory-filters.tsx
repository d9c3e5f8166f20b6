import { Group, Select, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useCategories } from '../api/get-categories';

type Props = {
  category: string | null;
  onCategory: (category: string | null) => void;
  name: string;
  onName: (name: string) => void;
};

/** Filters of the dashboard: one category (of the branch's), and a part of the name. */
export function InventoryFilters({ category, onCategory, name, onName }: Props) {
  const categories = useCategories('');
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <Select
        label="Category"
        placeholder="All categories"
        data={categories.data?.categories ?? []}
        value={category}
        onChange={onCategory}
        clearable
        searchable
        nothingFoundMessage="No such category"
        maxDropdownHeight={300}
        style={{ flex: '1 1 200px' }}
      />
      <TextInput
        label="Ingredient name"
        placeholder="Search by name"
        value={name}
        onChange={(event) => onName(event.currentTarget.value)}
        leftSection={<IconSearch size={16} aria-hidden />}
        type="search"
        style={{ flex: '2 1 220px' }}
      />
    </Group>
  );
}
