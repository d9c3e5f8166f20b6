import { Select } from '@mantine/core';
import { useTables } from '../api/get-tables';
import { SECTIONS_TEXT } from '../sections-text';

const NONE = '';

/**
 * A table's section on the add and rename forms (none: ''). Absent while the branch has no
 * sections: the forms are as they were.
 */
export function SectionSelect({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: React.ReactNode;
}) {
  const sections = useTables().data?.sections ?? [];
  if (sections.length === 0) return null;
  return (
    <Select
      label={SECTIONS_TEXT.field}
      name="sectionId"
      data={[
        { value: NONE, label: SECTIONS_TEXT.none },
        ...sections.map((section) => ({ value: section.id, label: section.name })),
      ]}
      value={value}
      onChange={(next) => onChange(next ?? NONE)}
      allowDeselect={false}
      error={error}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/** The form's value as the API takes it: '' is no section. */
export const sectionIdOf = (value: string): string | null => (value === NONE ? null : value);
