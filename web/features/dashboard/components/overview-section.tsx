import type { ReactNode } from 'react';
import { Anchor, Group, Paper, Text, Title } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { Link } from '../../../lib/router';

type Props = {
  id: string;
  title: string;
  /** A line beside the title (a total, a date range). */
  detail?: string;
  /** The screen where this section's things are handled. */
  link: { label: string; to: string };
  /** Shown instead of the list when it is empty: one quiet line. */
  empty: string;
  isEmpty: boolean;
  children: ReactNode;
};

/** A part of the overview: its title, a link to its screen, and its list or a quiet line. */
export function OverviewSection({ id, title, detail, link, empty, isEmpty, children }: Props) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={id}>
      <Group justify="space-between" align="baseline" gap="xs" mb="xs">
        <div>
          <Title order={2} size="h4" id={id}>
            {title}
          </Title>
          {detail && (
            <Text size="xs" c="dimmed">
              {detail}
            </Text>
          )}
        </div>
        <Anchor component={Link} to={link.to} size="sm" fw={600}>
          <Group gap={2} wrap="nowrap">
            {link.label}
            <IconChevronRight size={16} aria-hidden />
          </Group>
        </Anchor>
      </Group>
      {isEmpty ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        children
      )}
    </Paper>
  );
}

/** A list of rows in a section: each row a name on the left and a figure on the right. */
export function SectionList({ children }: { children: ReactNode }) {
  return <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>{children}</ul>;
}

export function SectionRow({ children }: { children: ReactNode }) {
  return (
    <Group
      component="li"
      justify="space-between"
      wrap="nowrap"
      gap="sm"
      py={8}
      style={{ borderTop: '1px solid var(--tf-line)' }}
    >
      {children}
    </Group>
  );
}
