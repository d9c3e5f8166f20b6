import { Button, Stack, Text, Title } from '@mantine/core';
import { useRouteError } from 'react-router';
import { BrandedPage } from './branded-page';

/** Shown when a screen fails unexpectedly: a short sentence and a way on, never a stack. */
export function ErrorPage() {
  const error = useRouteError();
  console.error(error);
  return (
    <BrandedPage>
      <Stack align="center" gap="sm" ta="center">
        <Title order={1} size="h2" c="var(--tf-ink)">
          Something went wrong
        </Title>
        <Text>This screen could not be shown. Reload the page to try again.</Text>
        <Button onClick={() => window.location.reload()}>Reload</Button>
      </Stack>
    </BrandedPage>
  );
}
