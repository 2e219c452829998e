import { Center, Loader } from '@mantine/core';

/** A spinner filling the page (fullScreen) or the content area while something loads. */
export function PageLoader({
  fullScreen = false,
  label = 'Loading',
}: {
  fullScreen?: boolean;
  label?: string;
}) {
  return (
    <Center h={fullScreen ? '100vh' : 240} aria-busy="true">
      <Loader role="status" aria-label={label} />
    </Center>
  );
}
