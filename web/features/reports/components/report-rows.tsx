import type { ReactNode } from 'react';
import { Group, Stack, Table, type MantineSpacing } from '@mantine/core';

/** The phone form of a report's rows: a plain list, one ruled item a row. */
export function RowList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0} component="ul" p={0} m={0} aria-label={label} style={{ listStyle: 'none' }}>
      {children}
    </Stack>
  );
}

/** One row of a `RowList`: what it is on the left, its figures on the right. */
export function RowItem({
  align,
  gap,
  children,
}: {
  align: 'center' | 'flex-start';
  gap: MantineSpacing;
  children: ReactNode;
}) {
  return (
    <Group
      component="li"
      justify="space-between"
      align={align}
      wrap="nowrap"
      gap={gap}
      py={8}
      style={{ borderBottom: '1px solid var(--tf-line)' }}
    >
      {children}
    </Group>
  );
}

/**
 * The table form of a report's rows, scrolling sideways below `minWidth`; the scrolling region
 * takes the keyboard's focus (arrow keys scroll it) and is named after its table.
 */
export function RowTable({
  label,
  minWidth,
  children,
}: {
  label: string;
  minWidth: number;
  children: ReactNode;
}) {
  return (
    <Table.ScrollContainer
      minWidth={minWidth}
      scrollAreaProps={{
        viewportProps: { tabIndex: 0, role: 'region', 'aria-label': label },
      }}
    >
      <Table striped highlightOnHover verticalSpacing="xs" aria-label={label}>
        {children}
      </Table>
    </Table.ScrollContainer>
  );
}
