import type { ComponentType } from 'react';
import { Button, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { Link } from '../lib/router';

/** The next step offered from an empty screen: a link to another screen, or a button. */
export type EmptyStateAction =
  | { label: string; to: string; onClick?: undefined }
  | { label: string; onClick: () => void; to?: undefined };

type Props = {
  /** A @tabler/icons-react icon, e.g. `IconUsers`. */
  icon: ComponentType<{ size?: number | string; stroke?: number; 'aria-hidden'?: boolean }>;
  /** One line: what is missing ('No staff yet.'). */
  message: string;
  /** An optional second, quieter line. */
  hint?: string;
  action?: EmptyStateAction;
};

/** What a screen shows when it has nothing to list yet: an icon, one line and the next action. */
export function EmptyState({ icon: Icon, message, hint, action }: Props) {
  return (
    <Paper p="xl" radius="lg" bg="var(--tf-sand)" style={{ border: '1px dashed var(--tf-line)' }}>
      <Stack align="center" gap="sm" maw={440} mx="auto">
        <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
          <Icon size={30} stroke={1.6} aria-hidden />
        </ThemeIcon>
        <Text fw={600} ta="center" c="var(--tf-ink)">
          {message}
        </Text>
        {hint && (
          <Text size="sm" c="dimmed" ta="center">
            {hint}
          </Text>
        )}
        {action &&
          (action.to !== undefined ? (
            <Button component={Link} to={action.to} mt="xs">
              {action.label}
            </Button>
          ) : (
            <Button onClick={action.onClick} mt="xs">
              {action.label}
            </Button>
          ))}
      </Stack>
    </Paper>
  );
}
