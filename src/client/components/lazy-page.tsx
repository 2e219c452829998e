import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { PageLoader } from './page-loader.tsx';

/**
 * A route's page whose code loads on its first visit (the route table's pages): the element for the
 * route, drawing `fallback` (the page loader) until the code is there. A page whose code fails to
 * load throws to the route error page above it.
 */
export function lazyPage(
  load: () => Promise<ComponentType>,
  fallback: ReactNode = <PageLoader />,
): ReactNode {
  const Page = lazy(async () => ({ default: await load() }));
  return (
    <Suspense fallback={fallback}>
      <Page />
    </Suspense>
  );
}
