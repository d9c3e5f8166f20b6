import { useLayoutEffect, useRef } from 'react';

/**
 * Toasts never cover the screen's actions (issue 30): where they sit top-right
 * (web/components/kit/toast.css), they start below the actions' bottom edge, kept in
 * `--tf-toasts-top` on the document while the header is shown (the actions scroll away with the
 * page; the toasts stay).
 */
export function useToastsBelow() {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const root = document.documentElement;
    const place = () => {
      const bottom = element.getBoundingClientRect().bottom + window.scrollY;
      root.style.setProperty('--tf-toasts-top', `${Math.round(bottom)}px`);
    };
    place();
    const observer = new ResizeObserver(place);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--tf-toasts-top');
    };
  }, []);
  return ref;
}
