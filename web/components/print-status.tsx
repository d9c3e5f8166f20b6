import { Badge, Group, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconClock } from '@tabler/icons-react';
import type { PrintJobState } from '../../shared/printing';
import type { PrintJob } from '../../shared/schemas/printing.schemas';

/** How a print job's state reads on screen, and its colour (dark text on a light badge: AA). */
const PRINT_STATE_LABEL: Record<PrintJobState, string> = {
  queued: 'Queued',
  sending: 'Printing',
  printed: 'Printed',
  failed: 'Failed',
};
const COLOR: Record<PrintJobState, string> = {
  queued: 'gray',
  sending: 'blue',
  printed: 'green',
  failed: 'red',
};
/** The badge's text: dark shades that keep 4.5:1 on its light background (axe). */
const TEXT_COLOR: Record<PrintJobState, string> = {
  queued: '#343a40',
  sending: '#1b4b8a',
  printed: '#22672f',
  failed: 'var(--mantine-color-error)',
};
const ICON = {
  queued: IconClock,
  sending: IconClock,
  printed: IconCheck,
  failed: IconAlertTriangle,
};

/** One job's state as a badge ('Printed', 'Failed', ...). */
export function PrintStateBadge({ state }: { state: PrintJobState }) {
  const Icon = ICON[state];
  return (
    <Badge
      size="sm"
      variant="light"
      color={COLOR[state]}
      c={TEXT_COLOR[state]}
      leftSection={<Icon size={12} aria-hidden />}
      data-state={state}
    >
      {PRINT_STATE_LABEL[state]}
    </Badge>
  );
}

/** The newest job of each printer: what paper came out last on each (a reprint supersedes). */
function latestJobPerPrinter(jobs: readonly PrintJob[]): PrintJob[] {
  const newest = new Map<string, PrintJob>();
  for (const job of jobs) {
    const seen = newest.get(job.printerId);
    if (!seen || job.createdAt > seen.createdAt) newest.set(job.printerId, job);
  }
  return [...newest.values()].sort((a, b) => a.printerName.localeCompare(b.printerName));
}

/**
 * A bill's or KOT's print state on the counter's screens: one badge per printer ('Counter:
 * Printed'), a failed one with its reason on hover and in its accessible name. Nothing when the
 * sale has no jobs (no network printer prints it).
 */
export function PrintStatus({ jobs }: { jobs: readonly PrintJob[] | undefined }) {
  if (!jobs || jobs.length === 0) return null;
  const latest = latestJobPerPrinter(jobs);
  return (
    <Group gap={4} wrap="wrap" data-testid="print-status">
      {latest.map((job) => {
        const badge = (
          <Group gap={4} wrap="nowrap" key={job.printerId}>
            <Text span size="xs" c="var(--tf-muted)">
              {job.printerName}:
            </Text>
            <PrintStateBadge state={job.state} />
          </Group>
        );
        return job.state === 'failed' && job.error ? (
          <Tooltip
            key={job.printerId}
            label={job.error}
            multiline
            maw={260}
            events={{ hover: true, focus: true, touch: true }}
          >
            <span tabIndex={0} aria-label={`${job.printerName}: failed, ${job.error}`}>
              {badge}
            </span>
          </Tooltip>
        ) : (
          badge
        );
      })}
    </Group>
  );
}
