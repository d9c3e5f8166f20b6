import type { ReactNode } from 'react';
import { Anchor, Paper, Stack, Text } from '@mantine/core';
import { Link } from '../../../lib/router';

type Props = {
  /** What the figure is ('Today’s sales'): the card's name for screen readers too. */
  label: string;
  /** The figure, large. */
  value: string;
  /** Lines under the figure (a comparison, a detail). */
  children?: ReactNode;
  /** The screen with the details. */
  link?: { label: string; to: string };
};

/** One figure of the overview with what it is compared with, and where its details are. */
export function StatCard({ label, value, children, link }: Props) {
  return (
    <Paper withBorder p="md" component="section" aria-label={label}>
      <Stack gap={4}>
        <Text size="sm" fw={600} c="dimmed">
          {label}
        </Text>
        <Text
          fz={28}
          fw={750}
          lh={1.15}
          c="var(--tf-ink)"
          style={{ fontVariantNumeric: 'tabular-nums' }}
        >
          {value}
        </Text>
        {children}
        {link && (
          <Anchor component={Link} to={link.to} size="sm" fw={600} mt={2}>
            {link.label}
          </Anchor>
        )}
      </Stack>
    </Paper>
  );
}
