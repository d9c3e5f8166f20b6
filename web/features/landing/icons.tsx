// Hand-drawn 24×24 line icons: a few path strings instead of an icon library keeps the landing
// bundle small. Circles are drawn as two arcs so every icon is a list of plain paths.
const circle = (cx: number, cy: number, r: number) =>
  `M${cx - r} ${cy}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0`;

const ICONS = {
  billing: ['M6 3h12v18l-3-2-3 2-3-2-3 2z', 'M9 8h6', 'M9 12h6', 'M9 16h3'],
  recipe: ['M7 13.9A4 4 0 1 1 8.3 6.1a4 4 0 0 1 7.4 0A4 4 0 1 1 17 13.9V20H7z', 'M7 16.5h10'],
  inventory: ['M3 7.5l9-4.5 9 4.5-9 4.5z', 'M3 7.5v9l9 4.5 9-4.5v-9', 'M12 12v9'],
  vendors: ['M2 6h12v10H2z', 'M14 9h4l3 3.5V16h-7', circle(6, 17.5, 1.8), circle(17, 17.5, 1.8)],
  dues: [circle(12, 12, 9), 'M12 7v5l3 2'],
  reports: ['M4 20h16', 'M7 16v-4', 'M12 16V7', 'M17 16v-6'],
  check: ['M5 12.5l4.5 4.5L19 7.5'],
  menu: ['M4 7h16', 'M4 12h16', 'M4 17h16'],
  close: ['M6 6l12 12', 'M18 6L6 18'],
  phone: [
    'M5 4h3.5l2 5-2.5 1.5a11 11 0 0 0 5.5 5.5L15 13.5l5 2V19a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2z',
  ],
  mail: ['M3 6h18v12H3z', 'M3 6l9 7 9-7'],
  pin: ['M12 21s-7-6.2-7-11a7 7 0 0 1 14 0c0 4.8-7 11-7 11z', circle(12, 10, 2.5)],
  clock: [circle(12, 12, 9), 'M12 7v5h4'],
  arrow: ['M5 12h14', 'M13 6l6 6-6 6'],
  sparkle: ['M12 3v4', 'M12 17v4', 'M3 12h4', 'M17 12h4', 'M6 6l2.5 2.5', 'M15.5 15.5L18 18'],
} as const;

export type IconName = keyof typeof ICONS;

export function Icon({ name, size = 24 }: { name: IconName; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {ICONS[name].map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}

/** The TableFlow mark: the same terracotta "T" tile as the favicon; one component for both sides. */
export { BrandLogo } from '../../components/brand-mark';

export function Star() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z"
        fill="currentColor"
      />
    </svg>
  );
}
