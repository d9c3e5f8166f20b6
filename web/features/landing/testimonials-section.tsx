import { Star } from './icons';
import { TESTIMONIALS } from './landing-content';

export function TestimonialsSection() {
  return (
    <section className="lp-section lp-testimonials" aria-labelledby="lp-testimonials-title">
      <div className="lp-container">
        <header className="lp-section__head">
          <p className="lp-eyebrow lp-eyebrow--light">Testimonials</p>
          <h2 id="lp-testimonials-title" className="lp-section__title">
            Owners who put the calculator away
          </h2>
        </header>
        <ul className="lp-testimonials__grid">
          {TESTIMONIALS.map((t) => (
            <li key={t.name} className="lp-quote">
              <figure>
                <div className="lp-quote__stars" role="img" aria-label="Rated 5 out of 5">
                  {[1, 2, 3, 4, 5].map((n) => (
                    <Star key={n} />
                  ))}
                </div>
                <blockquote className="lp-quote__text">
                  <p>“{t.quote}”</p>
                </blockquote>
                <figcaption className="lp-quote__author">
                  <span className="lp-avatar" aria-hidden="true">
                    {t.initials}
                  </span>
                  <span>
                    <span className="lp-quote__name">{t.name}</span>
                    <span className="lp-quote__role">{t.role}</span>
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
