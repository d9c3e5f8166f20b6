import { useState, type ComponentType, type ReactNode } from 'react';
import { Button } from './kit/button';
import { lazyMantine } from './lazy-mantine';

/**
 * A header button whose dialog (a manager's tool, today's bills) is a chunk of its own, loaded at
 * the first tap: a screen's first load carries the button, not the dialog nor its UI library.
 * `load` answers the dialog, drawn open and told `onClose`.
 */
export function LazyDialogButton({
  label,
  icon,
  load,
}: {
  label: string;
  icon: ReactNode;
  load: () => Promise<ComponentType<{ onClose: () => void }>>;
}) {
  const [opened, setOpened] = useState(false);
  // One lazy component per button, made once.
  const [Dialog] = useState(() => lazyMantine(load));
  return (
    <>
      <Button collapse icon={icon} onClick={() => setOpened(true)}>
        {label}
      </Button>
      {opened && <Dialog onClose={() => setOpened(false)} />}
    </>
  );
}
