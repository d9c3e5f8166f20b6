import { Stack } from '@mantine/core';
import { IconHammer } from '@tabler/icons-react';
import { useMatches } from 'react-router';
import { EmptyState } from './empty-state';
import { PageHeader } from './page-header';

/**
 * Stands in for a screen whose capability has not landed yet, so that every route of the spec
 * exists and the navigation can be tried end to end; each later issue replaces one.
 */
export function UpcomingPage() {
  const matches = useMatches();
  const title = (matches.at(-1)?.handle as { title?: string } | undefined)?.title ?? 'This screen';
  return (
    <Stack gap="lg" maw={1100}>
      <PageHeader title={title} />
      <EmptyState
        icon={IconHammer}
        message={`${title} is on its way.`}
        hint="This screen arrives with a coming update of TableFlow."
      />
    </Stack>
  );
}
