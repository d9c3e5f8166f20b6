import { Center, Loader } from '@mantine/core';

export function PageLoader({ fullScreen = false }: { fullScreen?: boolean }) {
  return (
    <Center mih={fullScreen ? '100dvh' : '40vh'}>
      <Loader aria-label="Loading" />
    </Center>
  );
}
