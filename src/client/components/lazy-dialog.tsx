import { lazy, Suspense, type ComponentProps } from 'react';
import type { Dialog } from './dialog.tsx';
import { useOpenedOnce } from './deferred.tsx';

const RealDialog = lazy(async () => ({ default: (await import('./dialog.tsx')).Dialog }));

/**
 * Dialog (dialog.tsx), loaded on its first opening (docs/first-load.md): Mantine's
 * modal, focus trap and scroll lock wait until a confirmation is asked for. Same props as Dialog;
 * mounted from then on, so it animates its closing.
 */
export function LazyDialog(props: ComponentProps<typeof Dialog>) {
  const loaded = useOpenedOnce(props.opened);
  if (!loaded) return null;
  return (
    <Suspense fallback={null}>
      <RealDialog {...props} />
    </Suspense>
  );
}
