import { Badge } from '@mantine/core';
import type { BranchView } from '../../../../shared/schemas/branches.schemas';
import { statusBadge } from '../branch-text';

export function BranchStatusBadge({ status }: { status: BranchView['status'] }) {
  const { label, color } = statusBadge(status);
  return (
    <Badge
      color={color}
      // A coloured dot beside dark text: the light variant's coloured text is below AA contrast.
      variant="dot"
      tt="none"
      size="md"
      style={{ flexShrink: 0 }}
      // The whole label, never an ellipsis: "Active · 1 …" would hide what matters.
      styles={{ label: { overflow: 'visible' } }}
    >
      {label}
    </Badge>
  );
}
