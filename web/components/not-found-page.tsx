import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconMapPinQuestion } from '@tabler/icons-react';
import { Link } from 'react-router';
import { MESSAGES } from '../../shared/messages';
import { startPage } from '../../shared/start-page';
import { paths } from '../config/paths';
import { useSession } from '../lib/session';
import { BrandedPage } from './branded-page';

/**
 * Any address that is no screen of the app (the server answers it with HTTP 404 too). The way
 * on: the signed-in user's start page, or the home page and the login for a visitor.
 */
export function NotFoundPage() {
  const user = useSession().data?.user;
  return (
    <BrandedPage width={480}>
      <Stack align="center" gap="sm" ta="center">
        <IconMapPinQuestion
          size={48}
          stroke={1.5}
          color="var(--mantine-color-brand-7)"
          aria-hidden
        />
        <Title order={1} size="h2" c="var(--tf-ink)">
          {MESSAGES.common.pageNotFound}
        </Title>
        <Text c="dimmed">
          There is no page at this address. Check the link, or start again from one of these.
        </Text>
        <Group justify="center" gap="sm" mt="xs">
          <Button component={Link} to={paths.home} variant="default">
            Go to the home page
          </Button>
          {user ? (
            <Button component={Link} to={startPage(user, 'home')}>
              Go to my start page
            </Button>
          ) : (
            <Button component={Link} to={paths.login}>
              Log in
            </Button>
          )}
        </Group>
      </Stack>
    </BrandedPage>
  );
}
