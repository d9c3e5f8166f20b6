import { Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { MESSAGES } from '../../shared/messages';
import type { Role } from '../../shared/permissions';

/** What to do next, in words that fit who is asking. */
const NEXT_STEP: Readonly<Record<Role, string>> = {
  staff: 'Ask your branch manager if you need it.',
  branch_manager:
    'It is not one of your branch’s screens. Everything your branch uses is in the menu.',
  kitchen: 'This account shows the kitchen display only.',
  super_admin: 'It belongs to a branch’s own screens. You manage branches from the admin area.',
};

/** The page's heading, and the tab's title while it is shown. */
export const NOT_ALLOWED_TITLE = 'Not allowed';

/**
 * What a signed-in user sees, inside their own frame, on a screen their role may not open:
 * never the screen's data.
 */
export function NotAllowedPage({ role, homePath }: { role: Role; homePath: string }) {
  return (
    <Stack align="center" gap="sm" maw={460} mx="auto" py="xl" ta="center">
      <ThemeIcon size={64} radius="xl" variant="light" aria-hidden>
        <IconLock size={34} stroke={1.6} aria-hidden />
      </ThemeIcon>
      <Title order={1} size="h2" c="var(--tf-ink)">
        {NOT_ALLOWED_TITLE}
      </Title>
      <Text>{MESSAGES.auth.notAllowed}</Text>
      <Text c="dimmed" size="sm">
        {NEXT_STEP[role]}
      </Text>
      <Button component={Link} to={homePath} mt="xs">
        Go to my start page
      </Button>
    </Stack>
  );
}
