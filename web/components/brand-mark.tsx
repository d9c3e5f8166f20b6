import { Group, Text } from '@mantine/core';

export function BrandMark() {
  return (
    <Group gap={8} wrap="nowrap">
      <svg width="28" height="28" viewBox="0 0 64 64" aria-hidden="true">
        <rect width="64" height="64" rx="14" fill="#b4441f" />
        <path d="M18 20h28v6H35v22h-6V26H18z" fill="#fff" />
      </svg>
      <Text fw={700} size="lg">
        TableFlow
      </Text>
    </Group>
  );
}
