import type { ReactNode } from 'react';
import { Link } from '../lib/router';
import { paths } from '../config/paths';
import { BrandMark } from './brand-mark';
import './branded-page.css';

/**
 * A page outside the signed-in frame (login, password screens, 404, an error): the landing
 * page's cream and logo (a link to the home page) above one card. Plain CSS, so a page without
 * Mantine (404, an error) can show it.
 */
export function BrandedPage({
  children,
  width = 440,
}: {
  children: ReactNode;
  /** The card's largest width in px. */
  width?: number;
}) {
  return (
    <main className="tf-branded tf-branded-page">
      <div className="tf-branded-column" style={{ maxWidth: width }}>
        <Link to={paths.home} className="tf-logo-link" aria-label="TableFlow home page">
          <BrandMark size={36} />
        </Link>
        <div className="tf-card tf-branded-card">{children}</div>
      </div>
    </main>
  );
}

/** A short message of a branded page: heading, words, the ways on (centred). */
export function BrandedMessage({ children }: { children: ReactNode }) {
  return <div className="tf-branded-message">{children}</div>;
}
