import type { HTMLAttributes, ReactNode } from 'react';
import './kit.css';
import './tile.css';

/** A tile's colour: each stands with a word (the status), never alone. */
export type TileTone = 'neutral' | 'brand' | 'amber' | 'green' | 'blue' | 'red';

/**
 * A small card in a grid of many (a list item: its list is the grid). `tone` colours its bar
 * and status; put a `TileStatus` in it with the word, and a `kit-tile-link` class on its one
 * link to make the whole tile that link's target.
 */
export function Tile({
  tone = 'neutral',
  className,
  children,
  ...props
}: { tone?: TileTone; children: ReactNode } & HTMLAttributes<HTMLLIElement>) {
  return (
    <li {...props} className={className ? `kit-tile ${className}` : 'kit-tile'} data-tone={tone}>
      {children}
    </li>
  );
}

/** The word that says what the tile's colour says ('Ready'). */
export function TileStatus({ children }: { children: ReactNode }) {
  return <span className="kit-tile-status">{children}</span>;
}
