import { LABELS } from '../../../shared/messages';
import { Icon } from './icons';
import { Illustration } from './illustration';
import { INVENTORY_POINTS, REPORT_POINTS } from './landing-content';

function CheckList({ items }: { items: ReadonlyArray<string> }) {
  return (
    <ul className="lp-checklist">
      {items.map((item) => (
        <li key={item}>
          <span className="lp-checklist__tick">
            <Icon name="check" size={16} />
          </span>
          {item}
        </li>
      ))}
    </ul>
  );
}

export function FeaturesSection({ onFreeTrial }: { onFreeTrial: () => void }) {
  return (
    <section id="features" className="lp-section lp-features" aria-labelledby="lp-features-title">
      <div className="lp-container">
        <div className="lp-split">
          <Illustration
            name="cafe-counter"
            className="lp-split__art"
            label="A cafe counter with jars of coffee, sugar and tea on a shelf, a billing tablet and a stock-level card showing sugar running low"
          />
          <div className="lp-split__copy">
            <p className="lp-eyebrow">Inventory features</p>
            <h2 id="lp-features-title" className="lp-section__title">
              Inventory that keeps itself up to date
            </h2>
            <p className="lp-section__intro">
              Tell TableFlow what goes into each dish once. Every bill then takes the right amount
              of coffee, milk or paneer off your shelves, so the numbers on screen match the store
              room.
            </p>
            <CheckList items={INVENTORY_POINTS} />
            <button
              type="button"
              className="lp-btn lp-btn--primary lp-btn--lg"
              onClick={onFreeTrial}
            >
              {LABELS.landing.getFreeTrial}
            </button>
          </div>
        </div>
        <div className="lp-split lp-split--reverse">
          <Illustration
            name="sales-charts"
            className="lp-split__art"
            label="A sales report with a weekly revenue bar chart and a chart of payments by UPI, cash, card and dues"
          />
          <div className="lp-split__copy">
            <p className="lp-eyebrow">Reports</p>
            <h2 className="lp-section__title">Know your numbers before you lock up</h2>
            <p className="lp-section__intro">
              Orders, payments and dues add up as you bill. No spreadsheets at midnight, no guessing
              which dishes really earn.
            </p>
            <CheckList items={REPORT_POINTS} />
          </div>
        </div>
      </div>
    </section>
  );
}
