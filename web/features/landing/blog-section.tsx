import { Icon, type IconName } from './icons';
import { BLOG_POSTS } from './landing-content';

const TONE_ICON: Record<(typeof BLOG_POSTS)[number]['tone'], IconName> = {
  leaf: 'inventory',
  saffron: 'dues',
  berry: 'reports',
};

const dateFormat = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Asia/Kolkata',
});

export function BlogSection() {
  return (
    <section id="blog" className="lp-section lp-blog" aria-labelledby="lp-blog-title">
      <div className="lp-container">
        <header className="lp-section__head">
          <p className="lp-eyebrow">Blog</p>
          <h2 id="lp-blog-title" className="lp-section__title">
            From the blog
          </h2>
          <p className="lp-section__intro">
            Practical notes on running a busy outlet, from people who have stood behind the counter.
          </p>
        </header>
        <ul className="lp-blog__grid">
          {BLOG_POSTS.map((post) => (
            <li key={post.title}>
              <article className="lp-card lp-post">
                <div className={`lp-post__cover lp-post__cover--${post.tone}`} aria-hidden="true">
                  <Icon name={TONE_ICON[post.tone]} size={44} />
                </div>
                <div className="lp-post__body">
                  <p className="lp-post__tag">{post.tag}</p>
                  <h3 className="lp-post__title">{post.title}</h3>
                  <p className="lp-post__excerpt">{post.excerpt}</p>
                  <p className="lp-post__meta">
                    <time dateTime={post.date}>
                      {dateFormat.format(new Date(`${post.date}T12:00:00+05:30`))}
                    </time>{' '}
                    · {post.readMinutes} min read
                  </p>
                </div>
              </article>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
