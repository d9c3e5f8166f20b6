import { useCallback, useState } from 'react';
import { MESSAGES } from '../../../shared/messages';
import type { PricingPlan } from '../../../shared/plans';
import { BlogSection } from './blog-section';
import { DemoModal } from './demo-modal';
import { FeaturesSection } from './features-section';
import { HeroSection } from './hero-section';
import { PricingSection } from './pricing-section';
import { ServicesSection } from './services-section';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { TestimonialsSection } from './testimonials-section';
import { Toast } from './toast';
import './landing.css';

/**
 * The public landing page at '/'. It uses React and its own CSS only, so that it paints fast on
 * a phone; the signed-in app with its router and UI kit is loaded for other paths.
 */
export default function LandingPage() {
  const [demo, setDemo] = useState<{ open: boolean; plan: PricingPlan | null }>({
    open: false,
    plan: null,
  });
  const [toast, setToast] = useState<string | null>(null);

  const openDemo = useCallback((plan: PricingPlan | null = null) => {
    setToast(null);
    setDemo({ open: true, plan });
  }, []);
  const closeDemo = useCallback(() => setDemo((d) => ({ ...d, open: false })), []);
  const demoSent = useCallback(() => {
    setDemo((d) => ({ ...d, open: false }));
    setToast(MESSAGES.demo.sent);
  }, []);
  const dismissToast = useCallback(() => setToast(null), []);

  return (
    <div className="lp">
      <a className="lp-skip" href="#main">
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1}>
        <HeroSection onTryFree={() => openDemo()} />
        <ServicesSection />
        <FeaturesSection onFreeTrial={() => openDemo()} />
        <TestimonialsSection />
        <PricingSection onBuy={openDemo} onAskDemo={() => openDemo()} />
        <BlogSection />
      </main>
      <SiteFooter />
      <DemoModal open={demo.open} plan={demo.plan} onClose={closeDemo} onSent={demoSent} />
      <Toast message={toast} onDismiss={dismissToast} />
    </div>
  );
}
