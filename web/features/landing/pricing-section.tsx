import { useId } from 'react';
import { PRICING_PLANS, type PricingPlan } from '../../../shared/plans';
import { LABELS } from '../../../shared/messages';
import { Icon } from './icons';

const inr = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  maximumFractionDigits: 0,
});

/** A plan's price as the landing page writes it: '₹3,799'. */
export const planPrice = (plan: PricingPlan) => inr.format(plan.pricePaise / 100);

function PlanCard({
  plan,
  featured,
  onBuy,
}: {
  plan: PricingPlan;
  featured: boolean;
  onBuy: () => void;
}) {
  const nameId = useId();
  return (
    <li className={`lp-card lp-plan${featured ? ' lp-plan--featured' : ''}`}>
      {featured && <p className="lp-plan__badge">Full year</p>}
      <h3 id={nameId} className="lp-plan__name">
        {plan.name}
      </h3>
      <p className="lp-plan__price">
        <span className="lp-plan__amount">{planPrice(plan)}</span>
        <span className="lp-plan__period">per {plan.durationMonths} months</span>
      </p>
      <p className="lp-plan__monthly">
        About {inr.format(Math.round(plan.pricePaise / plan.durationMonths / 100))} a month
      </p>
      <ul className="lp-plan__features">
        {plan.features.map((feature) => (
          <li key={feature}>
            <Icon name="check" size={20} />
            {feature}
          </li>
        ))}
      </ul>
      <button
        type="button"
        className={`lp-btn lp-btn--lg lp-btn--block ${featured ? 'lp-btn--primary' : 'lp-btn--ghost'}`}
        aria-describedby={nameId}
        onClick={onBuy}
      >
        {LABELS.landing.buyNow}
      </button>
    </li>
  );
}

export function PricingSection({
  onBuy,
  onAskDemo,
}: {
  onBuy: (plan: PricingPlan) => void;
  onAskDemo: () => void;
}) {
  return (
    <section id="pricing" className="lp-section lp-pricing" aria-labelledby="lp-pricing-title">
      <div className="lp-container">
        <header className="lp-section__head">
          <p className="lp-eyebrow">Pricing</p>
          <h2 id="lp-pricing-title" className="lp-section__title">
            Simple plans, priced in rupees
          </h2>
          <p className="lp-section__intro">
            Pay once for the whole period. No per-bill charges, no hidden fees.
          </p>
        </header>
        <ul className="lp-pricing__grid">
          {PRICING_PLANS.map((plan, index) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              featured={index === PRICING_PLANS.length - 1}
              onBuy={() => onBuy(plan)}
            />
          ))}
        </ul>
        <p className="lp-pricing__note">
          Not sure which plan fits?{' '}
          <button type="button" className="lp-link-button" onClick={onAskDemo}>
            Book a free demo
          </button>{' '}
          and we will help you choose.
        </p>
      </div>
    </section>
  );
}
