import '@mantine/core/styles.css';
import './mantine.css';
import {
  createContext,
  useContext,
  useEffect,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Outlet } from '../lib/router';
import { cssVariablesResolver, theme } from './mantine-theme';

/*
 * What Mantine needs around it (the theme, the confirmation dialogs of `confirmAction`) and its
 * CSS, in one module that only a screen or piece drawn with Mantine loads (by import()): the
 * layout route of the Mantine screens (web/app/router.tsx) and `lazyMantine` pieces. The waiters'
 * screens and the frame load none of it.
 */

/** Set inside providers: a piece drawn inside a Mantine screen needs no second set. */
const Inside = createContext(false);

// `confirmAction` opens its dialog through whichever ModalsProvider listens: exactly one must,
// or each would open one. The first set of providers mounted holds it; the next takes over when
// it goes (several lazy pieces may be on a screen at once, each with its providers).
const holders: object[] = [];
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const changed = () => listeners.forEach((listener) => listener());

function useHoldsModals(): boolean {
  const [me] = useState(() => ({}));
  useEffect(() => {
    holders.push(me);
    changed();
    return () => {
      holders.splice(holders.indexOf(me), 1);
      changed();
    };
  }, [me]);
  return useSyncExternalStore(subscribe, () => holders[0] === me);
}

function Providers({ children }: { children: ReactNode }) {
  const holdsModals = useHoldsModals();
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <Inside.Provider value>{children}</Inside.Provider>
      {/* A sibling, not a parent: taking over never remounts the children. */}
      {holdsModals && <ModalsProvider />}
    </MantineProvider>
  );
}

/** Mantine's providers around `children`, unless they are inside some already. */
export function MantineProviders({ children }: { children: ReactNode }) {
  return useContext(Inside) ? children : <Providers>{children}</Providers>;
}

/** The layout route of the screens drawn with Mantine (the manager's, the admin's, sign-in). */
export function MantineLayout() {
  return (
    <MantineProviders>
      <Outlet />
    </MantineProviders>
  );
}
