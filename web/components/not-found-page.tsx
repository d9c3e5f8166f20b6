import { Anchor, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { MESSAGES } from '../../shared/messages';
import { paths } from '../config/paths';

export function NotFoundPage() {
  return (
    <Center mih="70vh" p="md">
      <Stack align="center" gap="xs">
        <Title order={1}>{MESSAGES.common.pageNotFound}</Title>
        <Text c="dimmed" ta="center">
          There is no page at this address.
        </Text>
        <Anchor component={Link} to={paths.home}>
          Go to the home page
        </Anchor>
      </Stack>
    </Center>
  );
}
