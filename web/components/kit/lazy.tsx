import { lazy, Suspense, useEffect, type ComponentType, type ReactNode } from 'react';

export type LazyPiece<Props extends object> = ComponentType<Props> & {
  /** Fetches the piece's code now (it is kept: drawing it later shows it at once). */
  preload: () => void;
};

/**
 * A piece of a kit screen that is not in its first view (a sheet's content, a printout) as a
 * chunk of its own: the screen's first load carries the opener, not the piece (issue 32's
 * budget). Drawn when its code is in, `fallback` meanwhile; `usePreloadWhenIdle` fetches it
 * before the first tap needs it. Call at module level, once per component.
 */
export function lazyPiece<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  fallback?: (props: Props) => ReactNode,
): LazyPiece<Props> {
  let loading: Promise<{ default: ComponentType<Props> }> | null = null;
  const start = () => {
    loading ??= load().then(
      (Component) => ({ default: Component }),
      (error: unknown) => {
        loading = null; // a later draw or preload tries again
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(start);
  function Piece(props: Props) {
    return (
      <Suspense fallback={fallback?.(props) ?? null}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  Piece.preload = () => void start().catch(() => undefined);
  return Piece;
}

/** Runs `task` once the browser is idle (at the latest after 5 s); answers its cancel. */
export function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback !== 'function') {
    const timer = window.setTimeout(task, 2000);
    return () => window.clearTimeout(timer);
  }
  const handle = window.requestIdleCallback(task, { timeout: 5000 });
  return () => window.cancelIdleCallback(handle);
}

/** Fetches pieces once the browser is idle after the screen's first frames. */
export function usePreloadWhenIdle(...pieces: readonly Pick<LazyPiece<object>, 'preload'>[]) {
  // The pieces are module-level constants: once per screen.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => whenIdle(() => pieces.forEach((piece) => piece.preload())), []);
}
