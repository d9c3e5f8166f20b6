import './page-loader.css';

/** A turning ring, the theme's terracotta (white on a dark ground); decoration, unnamed. */
export function Spinner({ light = false }: { light?: boolean }) {
  return <span className="tf-spinner" data-light={light || undefined} aria-hidden />;
}

/** While a screen's code or the session loads: a spinner with a name, on the app's cream. */
export function PageLoader({ fullScreen = false }: { fullScreen?: boolean }) {
  return (
    <div className="tf-page-loader" data-full={fullScreen || undefined}>
      <span role="status" aria-label="Loading">
        <Spinner />
      </span>
    </div>
  );
}
