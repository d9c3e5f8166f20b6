import { LABELS } from '../../../shared/messages';
import { Icon } from './icons';
import { Illustration } from './illustration';

const PROMISES = ['No card needed', 'Works on any device', 'Made for Indian outlets'];

export function HeroSection({ onTryFree }: { onTryFree: () => void }) {
  return (
    <section id="home" className="lp-section lp-hero" aria-labelledby="lp-hero-title">
      <div className="lp-container lp-hero__grid">
        <div className="lp-hero__copy">
          <p className="lp-pill">Point of sale for restaurants, cafes &amp; retail</p>
          <h1 id="lp-hero-title" className="lp-hero__title">
            Welcome to <span className="lp-hero__brand">TableFlow</span>
          </h1>
          <p className="lp-hero__tagline">Less hustle, more management.</p>
          <p className="lp-hero__lead">
            Bill tables in seconds, keep every gram of stock accounted for and see tonight’s takings
            before you lock up: one simple system for your restaurant, cafe or shop.
          </p>
          <div className="lp-hero__actions">
            <button type="button" className="lp-btn lp-btn--primary lp-btn--lg" onClick={onTryFree}>
              {LABELS.landing.tryForFree}
            </button>
            <a className="lp-btn lp-btn--ghost lp-btn--lg" href="#pricing">
              See pricing
            </a>
          </div>
          <ul className="lp-hero__promises">
            {PROMISES.map((promise) => (
              <li key={promise}>
                <Icon name="check" size={18} />
                {promise}
              </li>
            ))}
          </ul>
        </div>
        <Illustration
          name="pos-tablet"
          className="lp-hero__art"
          label="A TableFlow billing tablet showing the tables of a restaurant and the bill of table 4, with a printed receipt and a cup of coffee"
        />
      </div>
    </section>
  );
}
