import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useRouteError } from 'react-router';

/** Shown when a screen fails unexpectedly: a short sentence and a way on, never a stack. */
export function ErrorPage() {
  const error = useRouteError();
  console.error(error);
  return (
    <Center mih="70vh" p="md">
      <Stack align="center" gap="sm" maw={420}>
        <Title order={1} size="h2" ta="center">
          Something went wrong
        </Title>
        <Text ta="center">This screen could not be shown. Reload the page to try again.</Text>
        <Button onClick={() => window.location.reload()}>Reload</Button>
      </Stack>
    </Center>
  );
}
