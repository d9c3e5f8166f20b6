import type { ReactNode } from 'react';
import { Stack, Text, Title } from '@mantine/core';

/** A titled group of fields inside a form card. */
export function FormSection({
  title,
  hint,
  children,
}: {
  title: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <Stack gap="sm" component="fieldset" style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      <div>
        <Title order={2} size="h4" component="legend">
          {title}
        </Title>
        {hint && (
          <Text size="sm" c="dimmed">
            {hint}
          </Text>
        )}
      </div>
      {children}
    </Stack>
  );
}

/** Descriptions under the inputs, so inputs side by side line up whatever their hints. */
export const HINT_BELOW: ('label' | 'input' | 'description' | 'error')[] = [
  'label',
  'input',
  'description',
  'error',
];
