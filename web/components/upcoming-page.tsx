import { Paper, Stack, Text, Title } from '@mantine/core';
import { useMatches } from 'react-router';

/**
 * Stands in for a screen whose capability has not landed yet, so that every route of the spec
 * exists and the navigation can be tried end to end; each later issue replaces one.
 */
export function UpcomingPage() {
  const matches = useMatches();
  const title = (matches.at(-1)?.handle as { title?: string } | undefined)?.title ?? 'This screen';
  return (
    <Stack p="md" maw={720}>
      <Title order={2}>{title}</Title>
      <Paper withBorder p="lg" radius="md">
        <Text>{title} is being built and arrives in an upcoming release.</Text>
      </Paper>
    </Stack>
  );
}
