import { LABELS } from '../../../shared/messages';
import { BrandLogo, Icon } from './icons';
import { CONTACT, NAV_LINKS } from './landing-content';

const PRODUCT_LINKS = NAV_LINKS.filter((link) => link.id !== 'home' && link.id !== 'contact');

export function SiteFooter() {
  return (
    <footer className="lp-footer">
      <div className="lp-container lp-footer__grid">
        <div className="lp-footer__about">
          <a className="lp-brand lp-brand--light" href="#home">
            <BrandLogo />
            <span>TableFlow</span>
          </a>
          <p>
            Billing, tables, recipes, inventory, vendors and reports for restaurants, cafes and
            retail outlets across India.
          </p>
        </div>
        <nav className="lp-footer__col" aria-labelledby="lp-footer-product">
          <h2 id="lp-footer-product" className="lp-footer__title">
            Product
          </h2>
          <ul>
            {PRODUCT_LINKS.map((link) => (
              <li key={link.id}>
                <a href={`#${link.id}`}>{link.label}</a>
              </li>
            ))}
            <li>
              <a href="/login">{LABELS.landing.login}</a>
            </li>
          </ul>
        </nav>
        <section
          id="contact"
          className="lp-section lp-footer__col lp-footer__contact"
          aria-labelledby="lp-contact-title"
        >
          <h2 id="lp-contact-title" className="lp-footer__title">
            {NAV_LINKS.find((link) => link.id === 'contact')?.label}
          </h2>
          <address>
            <p className="lp-contact-line">
              <Icon name="pin" size={20} />
              <span>
                {CONTACT.address.map((line) => (
                  <span key={line} className="lp-block">
                    {line}
                  </span>
                ))}
              </span>
            </p>
            <p className="lp-contact-line">
              <Icon name="phone" size={20} />
              <a href={CONTACT.phoneHref}>{CONTACT.phone}</a>
            </p>
            <p className="lp-contact-line">
              <Icon name="mail" size={20} />
              <a href={`mailto:${CONTACT.email}`}>{CONTACT.email}</a>
            </p>
            <p className="lp-contact-line">
              <Icon name="clock" size={20} />
              <span>{CONTACT.hours}</span>
            </p>
          </address>
        </section>
      </div>
      <div className="lp-container lp-footer__bottom">
        <div>
          <p>© {new Date().getFullYear()} TableFlow Technologies. All rights reserved.</p>
          <p>Made in India for the people who keep it fed.</p>
        </div>
      </div>
    </footer>
  );
}
