import { useState, type ReactNode } from 'react';
import { Chips } from '../../../components/kit/chips';
import type { Section } from '../../../../shared/schemas/sections.schemas';
import type { TableSummary } from '../../../../shared/schemas/tables.schemas';
import { SECTIONS_TEXT } from '../sections-text';

/** The section this device shows ('' for all), kept in the browser: each device has its floor. */
const FILTER_KEY = 'tf.billing.section';
const ALL = '';

function storedFilter(): string {
  try {
    return window.localStorage.getItem(FILTER_KEY) ?? ALL;
  } catch {
    return ALL;
  }
}

function storeFilter(value: string) {
  try {
    if (value === ALL) window.localStorage.removeItem(FILTER_KEY);
    else window.localStorage.setItem(FILTER_KEY, value);
  } catch {
    // A browser that keeps nothing (private mode): the choice lasts until the page is left.
  }
}

interface TableGroup {
  /** null: the tables without a section (listed first, under no heading). */
  section: Section | null;
  items: TableSummary[];
}

/** The tables under their sections, in the sections' order; those without one first. */
export function groupTables(items: TableSummary[], sections: Section[]): TableGroup[] {
  const known = new Set(sections.map((section) => section.id));
  const groups: TableGroup[] = [
    {
      section: null,
      items: items.filter((t) => t.sectionId === null || !known.has(t.sectionId)),
    },
    ...sections.map((section) => ({
      section,
      items: items.filter((t) => t.sectionId === section.id),
    })),
  ];
  return groups.filter((group) => group.items.length > 0);
}

/**
 * The billing screen's tables, grouped under their sections' headings; with several sections, a
 * filter to show one (remembered on the device). `renderGrid` draws one group's cards.
 */
export function TableSections({
  items,
  sections,
  renderGrid,
}: {
  items: TableSummary[];
  sections: Section[];
  renderGrid: (items: TableSummary[], labelledBy?: string) => ReactNode;
}) {
  const [filter, setFilter] = useState(storedFilter);
  const groups = groupTables(items, sections);
  const named = groups.filter((group) => group.section !== null);
  // One group (or none named): the plain grid, as before sections.
  if (named.length === 0) return renderGrid(items);
  const choosing = named.length > 1;
  const chosen = choosing && named.some((g) => g.section!.id === filter) ? filter : ALL;
  const shown = chosen === ALL ? groups : groups.filter((g) => g.section?.id === chosen);
  const choose = (value: string) => {
    setFilter(value);
    storeFilter(value);
  };

  return (
    <div className="tf-floor-groups">
      {choosing && (
        <Chips
          label={SECTIONS_TEXT.filterLabel}
          value={chosen}
          onChange={choose}
          options={[
            { value: ALL, label: SECTIONS_TEXT.all },
            ...named.map(({ section }) => ({ value: section!.id, label: section!.name })),
          ]}
        />
      )}
      {shown.map(({ section, items: groupItems }) => {
        if (!section) return <div key="none">{renderGrid(groupItems)}</div>;
        const headingId = `tf-section-${section.id}`;
        return (
          <section key={section.id} aria-labelledby={headingId} className="tf-floor-section">
            <h2 id={headingId} className="tf-floor-section-title">
              {section.name}
            </h2>
            {renderGrid(groupItems, headingId)}
          </section>
        );
      })}
    </div>
  );
}
