import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';

/**
 * A Mantine piece of a waiter's screen (a manager's tool, a rare dialog) as a chunk of its own,
 * loaded when it is first drawn: the screen's first load carries neither it nor its UI library.
 * The one way a screen drawn with web/components/kit/ (or the frame) shows a Mantine component
 * (issue 32): Mantine's providers and CSS (mantine-providers.tsx) load with it and wrap it.
 * Call at module level, once per component; `fallback` is drawn while it loads (nothing unless
 * given, e.g. the button the piece replaces).
 */
export function lazyMantine<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  fallback?: (props: Props) => ReactNode,
): ComponentType<Props> {
  const Lazy = lazy(async () => {
    const [Piece, { MantineProviders }] = await Promise.all([
      load(),
      import('./mantine-providers'),
    ]);
    return {
      default: (props: Props) => (
        <MantineProviders>
          <Piece {...props} />
        </MantineProviders>
      ),
    };
  });
  return function LazyMantine(props: Props) {
    return (
      <Suspense fallback={fallback?.(props) ?? null}>
        <Lazy {...props} />
      </Suspense>
    );
  };
}
