import { Center, Loader } from '@mantine/core';
import type { RouteObject } from 'react-router';
import { lazyPage } from '#client/components/lazy-page.tsx';

/** Shown inside the signed-in frame while the page's code loads on the first visit. */
function HelpLoading() {
  return (
    <Center mih={200} aria-busy="true">
      <Loader role="status" aria-label="Loading help" />
    </Center>
  );
}

/** The help page, mounted by the shell inside the signed-in frame; it loads on demand. */
export const helpRoutes: RouteObject[] = [
  {
    path: 'helpDesk',
    element: lazyPage(async () => (await import('./help-page.tsx')).HelpPage, <HelpLoading />),
  },
];
