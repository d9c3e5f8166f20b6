import type { ReactNode } from 'react';
import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import { useToastsBelow } from '../lib/toasts-below';

type Props = {
  /** The screen's name, the page's one h1. */
  title: string;
  /** A short line under the title (what the screen is for, a count in words). */
  subtitle?: ReactNode;
  /** A number shown beside the title (how many rows the list has). */
  count?: number;
  /** The screen's main actions (an Add button, an export), right of the title; below it on phones. */
  actions?: ReactNode;
  /** More under the subtitle (a warning such as a full plan). */
  children?: ReactNode;
};

/**
 * The top of every signed-in screen: title (with an optional count), a line under it and the
 * screen's actions. On narrow screens the actions wrap under the title instead of squeezing it.
 */
export function PageHeader({ title, subtitle, count, actions, children }: Props) {
  const actionsRef = useToastsBelow();
  return (
    <Stack gap={4} component="header">
      <Group justify="space-between" align="center" gap="sm" wrap="wrap">
        <Group gap="xs" align="center" wrap="nowrap" miw={0}>
          <Title order={1} size="h2" c="var(--tf-ink)">
            {title}
          </Title>
          {count !== undefined && (
            <Badge
              variant="light"
              size="lg"
              radius="sm"
              aria-label={`${count} in all`}
              style={{ flexShrink: 0 }}
            >
              {count}
            </Badge>
          )}
        </Group>
        {actions && (
          <Group gap="xs" wrap="wrap" ref={actionsRef}>
            {actions}
          </Group>
        )}
      </Group>
      {subtitle && (
        <Text c="dimmed" aria-live="polite">
          {subtitle}
        </Text>
      )}
      {children}
    </Stack>
  );
}
