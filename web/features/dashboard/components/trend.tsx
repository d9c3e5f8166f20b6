import { Group, Text, VisuallyHidden } from '@mantine/core';
import { IconArrowDownRight, IconArrowUpRight, IconMinus } from '@tabler/icons-react';
import { DASHBOARD_TEXT } from '../dashboard-text';
import { trendOf } from '../trend';

const { change: text } = DASHBOARD_TEXT;

const LOOK = {
  // A dark green (5.4:1 on white; Mantine's green.8 and green.9 are under AA's 4.5:1 for small
  // text) and the theme's AA red.
  up: { Icon: IconArrowUpRight, color: '#1e7a35', words: text.up },
  down: { Icon: IconArrowDownRight, color: 'red.7', words: text.down },
  same: { Icon: IconMinus, color: 'gray.8', words: text.same },
} as const;

/** Today against last week as an arrow and a whole percentage; nothing without a base. */
export function Trend({ now, before }: { now: number; before: number }) {
  const trend = trendOf(now, before);
  if (!trend) return null;
  const { Icon, color, words } = LOOK[trend.direction];
  return (
    <Group gap={2} wrap="nowrap" c={color} data-trend={trend.direction}>
      <Icon size={18} stroke={2.2} aria-hidden />
      <Text size="sm" fw={700} c={color}>
        <VisuallyHidden>{words} </VisuallyHidden>
        {trend.percent}%
      </Text>
    </Group>
  );
}
