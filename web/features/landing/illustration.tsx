import posTablet from './illustrations/pos-tablet.svg?raw';
import cafeCounter from './illustrations/cafe-counter.svg?raw';
import salesCharts from './illustrations/sales-charts.svg?raw';

const ILLUSTRATIONS = {
  'pos-tablet': posTablet,
  'cafe-counter': cafeCounter,
  'sales-charts': salesCharts,
};

/**
 * One of our own SVG illustrations, inlined into the page so it paints together with the text
 * (no extra request on a slow mobile connection). The markup is a build-time file from this
 * folder, never user input, so setting it as HTML is safe.
 */
export function Illustration({
  name,
  label,
  className,
}: {
  name: keyof typeof ILLUSTRATIONS;
  label: string;
  className?: string;
}) {
  return (
    <div
      className={className}
      role="img"
      aria-label={label}
      dangerouslySetInnerHTML={{ __html: ILLUSTRATIONS[name] }}
    />
  );
}
