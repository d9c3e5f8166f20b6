import { Center, Loader } from '@mantine/core';

/** While a screen's code or the session loads: a spinner with a name, on the app's cream. */
export function PageLoader({ fullScreen = false }: { fullScreen?: boolean }) {
  return (
    <Center mih={fullScreen ? '100dvh' : '40vh'} bg={fullScreen ? 'var(--tf-cream)' : undefined}>
      <Loader aria-label="Loading" />
    </Center>
  );
}
