import './kit.css';
import './skeleton.css';

/**
 * A loading placeholder in the shape of a list: `rows` items of a long and a short bar, with
 * what is loading said in words ('Loading products...') as a status.
 */
export function Skeleton({ label, rows = 4 }: { label: string; rows?: number }) {
  return (
    <div className="kit-skeleton" role="status" aria-busy="true">
      <p className="kit-skeleton-label">{label}</p>
      <div aria-hidden="true">
        {Array.from({ length: rows }, (_, row) => (
          <div key={row} className="kit-skeleton-row">
            <span />
            <span />
          </div>
        ))}
      </div>
    </div>
  );
}
