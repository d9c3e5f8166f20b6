import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPrinter, IconRefresh } from '@tabler/icons-react';
import type { PrintJob } from '../../../../shared/schemas/printing.schemas';
import { EmptyState } from '../../../components/empty-state';
import { PrintStateBadge } from '../../../components/print-status';
import { QueryError } from '../../../components/query-error';
import { ListSkeleton } from '../../../components/skeletons';
import { notifyActionFailure, notifySuccess } from '../../../lib/form-feedback';
import { usePrintJobs, useRetryPrintJob } from '../api/print-jobs';
import { PRINTING_TEXT as TEXT } from '../printing-text';

const timeOf = (iso: string) =>
  new Date(iso).toLocaleString('en-IN', {
    day: '2-digit',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });

/** The latest jobs: what, which printer, when, state (and why it failed), Try again. */
export function PrintQueue() {
  const jobs = usePrintJobs();
  const retry = useRetryPrintJob();
  const onRetry = (job: PrintJob) =>
    retry.mutate(job.id, {
      onSuccess: () => notifySuccess(TEXT.retried),
      onError: (error) => notifyActionFailure(error, TEXT.notRetried),
    });

  const list = () => {
    if (jobs.isPending) return <ListSkeleton label={TEXT.queue} rows={4} />;
    if (jobs.isError) {
      return (
        <QueryError
          title={TEXT.queueLoadFailed}
          error={jobs.error}
          onRetry={() => void jobs.refetch()}
        />
      );
    }
    if (jobs.data.items.length === 0) {
      return <EmptyState icon={IconPrinter} message={TEXT.queueEmpty} hint={TEXT.queueEmptyHint} />;
    }
    return (
      <Stack component="ul" gap={0} p={0} m={0} style={{ listStyle: 'none' }}>
        {jobs.data.items.map((job) => {
          const what = TEXT.jobWhat(job);
          return (
            <Group
              component="li"
              key={job.id}
              justify="space-between"
              wrap="wrap"
              gap="xs"
              py="xs"
              style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
              data-testid="print-job"
            >
              <Stack gap={2} miw={0} style={{ flex: '1 1 220px' }}>
                <Group gap={6} wrap="wrap">
                  <Text fw={600} size="sm">
                    {what}
                  </Text>
                  <PrintStateBadge state={job.state} />
                </Group>
                <Text size="xs" c="var(--tf-muted)">
                  {job.printerName} · {timeOf(job.createdAt)}
                  {job.attempts > 1 && ` · ${TEXT.attempts(job.attempts)}`}
                </Text>
                {job.state === 'failed' && job.error && (
                  <Text
                    size="sm"
                    c="var(--mantine-color-error)"
                    style={{ overflowWrap: 'anywhere' }}
                  >
                    {job.error}
                  </Text>
                )}
              </Stack>
              {job.state === 'failed' && (
                <Button
                  size="compact-sm"
                  variant="light"
                  leftSection={<IconRefresh size={16} aria-hidden />}
                  aria-label={TEXT.retryLabel(what)}
                  loading={retry.isPending && retry.variables === job.id}
                  onClick={() => onRetry(job)}
                >
                  {TEXT.retry}
                </Button>
              )}
            </Group>
          );
        })}
      </Stack>
    );
  };

  return (
    <Stack gap="sm">
      <div>
        <Title order={2} size="h4">
          {TEXT.queue}
        </Title>
        <Text size="sm" c="var(--tf-muted)">
          {TEXT.queueHint}
        </Text>
      </div>
      {list()}
    </Stack>
  );
}
