import { Badge } from '@mantine/core';
import type { BranchView } from '../../../../shared/schemas/branches.schemas';
import { statusBadge } from '../branch-text';

export function BranchStatusBadge({ status }: { status: BranchView['status'] }) {
  const { label, color } = statusBadge(status);
  return (
    <Badge
      color={color}
      variant="light"
      tt="none"
      size="md"
      // Shade 9 text on the light badge: AA contrast (the default shade 6 is not).
      c={`${color}.9`}
      style={{ flexShrink: 0 }}
      // The whole label, never an ellipsis: "Active · 1 …" would hide what matters.
      styles={{ label: { overflow: 'visible' } }}
    >
      {label}
    </Badge>
  );
}
