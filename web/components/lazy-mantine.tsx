import { lazy, Suspense, type ComponentType } from 'react';

/**
 * A Mantine piece of a waiter's screen (a manager's tool, a rare dialog) as a chunk of its own,
 * loaded when it is first drawn: the screen's first load carries neither it nor its UI library.
 * The one way a screen drawn with web/components/kit/ shows a Mantine component (issue 32), so
 * whatever Mantine needs around it is given here. Call at module level, once per component.
 */
export function lazyMantine<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): ComponentType<Props> {
  const Lazy = lazy(async () => ({ default: await load() }));
  return function LazyMantine(props: Props) {
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  };
}
