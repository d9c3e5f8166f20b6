import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { DayReport } from '../../../../shared/schemas/cash.schemas';
import { CASH_SCREEN_TEXT as TEXT } from '../cash-text';
import { TONE_COLOR } from '../components/shift-figures';
import { dayReportSections, type ReportSection } from '../day-report-sections';

const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
const words = { overflowWrap: 'anywhere', maxWidth: '65%' } as const;

function SectionCard({ section }: { section: ReportSection }) {
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-label={section.title}
      miw={0}
      data-testid={`report-${section.key}`}
    >
      <Title order={3} size="h5" mb={6}>
        {section.title}
      </Title>
      <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {section.lines.map((line, index) => (
          <Group
            key={index}
            component="li"
            justify="space-between"
            wrap="nowrap"
            gap="sm"
            py={3}
            align="flex-start"
            style={line.strong && index > 0 ? { borderTop: '1px solid var(--tf-line)' } : undefined}
          >
            <Text size="sm" fw={line.strong ? 700 : 400} style={{ overflowWrap: 'anywhere' }}>
              {line.label}
            </Text>
            <Text
              size="sm"
              fw={line.strong || line.tone ? 700 : 500}
              c={line.tone ? TONE_COLOR[line.tone] : undefined}
              ta="right"
              style={line.words ? words : numeric}
            >
              {line.value}
            </Text>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}

/** The day's X report (open) or Z report (closed), section by section. */
export function DayReportView({ report, timeZone }: { report: DayReport; timeZone: string }) {
  const z = report.kind === 'Z';
  return (
    <Stack gap="sm" component="section" aria-label={z ? TEXT.zReport : TEXT.xReport}>
      <Group gap="xs" wrap="wrap">
        <Title order={2} size="h4">
          {z ? TEXT.zReport : TEXT.xReport}
        </Title>
        <Badge variant="light" color={z ? 'gray' : 'blue'} c={z ? '#343a40' : '#1b4b8a'}>
          {report.kind}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed">
        {z ? TEXT.zReportHint : TEXT.xReportHint}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
        {dayReportSections(report, timeZone).map((section) => (
          <SectionCard key={section.key} section={section} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
