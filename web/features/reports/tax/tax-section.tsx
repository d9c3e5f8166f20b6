import type { ReactNode } from 'react';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { TaxCsvPart } from '../../../../shared/schemas/tax-report.schemas';
import { notifyActionFailure } from '../../../lib/form-feedback';
import { useExportTaxCsv, type TaxRange } from './api';
import { TAX_TEXT as text } from './tax-text';

type Props = {
  title: string;
  hint: string;
  part: TaxCsvPart;
  range: TaxRange;
  children: ReactNode;
};

/** One section of the tax report: its title, what it is, its Download CSV, its rows. */
export function TaxSection({ title, hint, part, range, children }: Props) {
  const exportCsv = useExportTaxCsv();
  const id = `tax-${part}`;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Stack gap={2} style={{ flex: '1 1 220px' }}>
            <Title order={2} fz="h4" id={id}>
              {title}
            </Title>
            <Text size="sm" c="dimmed">
              {hint}
            </Text>
          </Stack>
          <Button
            variant="default"
            size="sm"
            leftSection={<IconDownload size={16} aria-hidden />}
            loading={exportCsv.isPending}
            aria-label={`${text.download}: ${title}`}
            onClick={() =>
              exportCsv.mutate(
                { part, range },
                { onError: (error) => notifyActionFailure(error, text.downloadFailed) },
              )
            }
          >
            {text.download}
          </Button>
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}
