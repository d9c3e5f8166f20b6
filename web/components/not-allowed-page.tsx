import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { MESSAGES } from '../../shared/messages';

/** What a signed-in user sees on a screen their role may not open: never the screen's data. */
export function NotAllowedPage({ homePath }: { homePath: string }) {
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" gap="sm" maw={420}>
        <Title order={1} size="h2" ta="center">
          Not allowed
        </Title>
        <Text ta="center">{MESSAGES.auth.notAllowed}</Text>
        <Text c="dimmed" size="sm" ta="center">
          Ask your branch manager if you need it.
        </Text>
        <Button component={Link} to={homePath} variant="light">
          Go to my start page
        </Button>
      </Stack>
    </Center>
  );
}
