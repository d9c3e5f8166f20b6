import type { ReactNode } from 'react';
import { Group, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';

/**
 * Loading placeholders in the shape of what is coming (a table, a list, cards), so the screen
 * does not jump when the data arrives. Each says what is loading ('Loading inventory...') to
 * screen readers and sighted users alike (role "status").
 */

function Loading({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap="sm" role="status" aria-busy="true">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <div aria-hidden="true">{children}</div>
    </Stack>
  );
}

/** A table's header and `rows` rows of `columns` cells. */
export function TableSkeleton({
  label,
  rows = 5,
  columns = 4,
}: {
  label: string;
  rows?: number;
  columns?: number;
}) {
  const line = (key: number, height: number) => (
    <Group key={key} gap="md" wrap="nowrap" py={10}>
      {Array.from({ length: columns }, (_, column) => (
        <Skeleton key={column} height={height} radius="sm" style={{ flex: 1 }} />
      ))}
    </Group>
  );
  return (
    <Loading label={label}>
      {line(-1, 12)}
      {Array.from({ length: rows }, (_, row) => line(row, 18))}
    </Loading>
  );
}

/** `rows` list items of a title line and a shorter line. */
export function ListSkeleton({ label, rows = 4 }: { label: string; rows?: number }) {
  return (
    <Loading label={label}>
      <Stack gap="md">
        {Array.from({ length: rows }, (_, row) => (
          <Stack key={row} gap={6}>
            <Skeleton height={16} width="55%" radius="sm" />
            <Skeleton height={12} width="35%" radius="sm" />
          </Stack>
        ))}
      </Stack>
    </Loading>
  );
}

/** `count` cards in a grid: one column on phones, up to `columns` on wide screens. */
export function CardSkeleton({
  label,
  count = 3,
  columns = 3,
}: {
  label: string;
  count?: number;
  columns?: number;
}) {
  return (
    <Loading label={label}>
      <SimpleGrid cols={{ base: 1, sm: Math.min(2, columns), md: columns }}>
        {Array.from({ length: count }, (_, card) => (
          <Paper key={card} withBorder p="md" radius="lg">
            <Stack gap={8}>
              <Skeleton height={14} width="40%" radius="sm" />
              <Skeleton height={28} width="60%" radius="sm" />
              <Skeleton height={12} width="80%" radius="sm" />
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
    </Loading>
  );
}
