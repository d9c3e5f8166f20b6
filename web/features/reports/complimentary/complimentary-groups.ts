import type { ComplimentaryReport } from '../../../../shared/schemas/complimentary.schemas';

type Row = ComplimentaryReport['rows'][number];

export interface NcGroup {
  label: string;
  items: number;
  valuePaise: number;
  bills: number;
}

/**
 * The report's rows summed by one of their names (reason, who gave, who approved), the largest
 * value first, ties by name. A row's `bills` are counted in each group it falls in, so a bill
 * with two reasons counts under both (the server counts bills per row).
 */
export function groupRows(rows: readonly Row[], nameOf: (row: Row) => string): NcGroup[] {
  const groups = new Map<string, NcGroup>();
  for (const row of rows) {
    const label = nameOf(row);
    const group = groups.get(label) ?? { label, items: 0, valuePaise: 0, bills: 0 };
    group.items += row.items;
    group.valuePaise += row.valuePaise;
    group.bills += row.bills;
    groups.set(label, group);
  }
  return [...groups.values()].sort(
    (a, b) => b.valuePaise - a.valuePaise || a.label.localeCompare(b.label),
  );
}
