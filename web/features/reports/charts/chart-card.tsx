import '@mantine/charts/styles.css';
import type { ReactNode } from 'react';
import { Paper, Text, Title, VisuallyHidden } from '@mantine/core';

type Props = {
  /** The chart's name, its section's heading. */
  title: string;
  /** One line under the title (what is counted, over which days). */
  hint?: string;
  /** The chart itself: hidden from screen readers, who get `table` instead. */
  children: ReactNode;
  /** The chart's numbers as a table for screen readers. */
  table: { columns: [string, string]; rows: [string, string][] };
};

/** A report chart in its card: a heading, a line about it, the picture, and its numbers. */
export function ChartCard({ title, hint, children, table }: Props) {
  const id = `chart-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={id} miw={0}>
      <Title order={2} size="h4" id={id}>
        {title}
      </Title>
      {hint && (
        <Text size="sm" c="dimmed" mb="sm">
          {hint}
        </Text>
      )}
      <div aria-hidden="true">{children}</div>
      <VisuallyHidden>
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              {table.columns.map((column) => (
                <th key={column}>{column}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map(([label, value]) => (
              <tr key={label}>
                <td>{label}</td>
                <td>{value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </Paper>
  );
}
