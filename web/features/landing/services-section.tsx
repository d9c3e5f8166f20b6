import { Icon } from './icons';
import { SERVICES } from './landing-content';

export function ServicesSection() {
  return (
    <section id="services" className="lp-section lp-services" aria-labelledby="lp-services-title">
      <div className="lp-container">
        <header className="lp-section__head">
          <p className="lp-eyebrow">Services</p>
          <h2 id="lp-services-title" className="lp-section__title">
            Everything your counter needs, nothing it doesn’t
          </h2>
          <p className="lp-section__intro">
            From the first order of the morning to the last bill of the night, TableFlow keeps the
            front of house and the store room in step.
          </p>
        </header>
        <ul className="lp-services__grid">
          {SERVICES.map((service) => (
            <li key={service.title} className="lp-card lp-service">
              <span className="lp-service__icon">
                <Icon name={service.icon} size={26} />
              </span>
              <h3 className="lp-service__title">{service.title}</h3>
              <p className="lp-service__text">{service.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
