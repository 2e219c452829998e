import { deferred, useStandIn } from '#client/components/deferred.tsx';
import { CollaborationMenuButton, type CollaborationMenuProps } from './collaboration-menu-button.tsx';

const menuPart = deferred(() => import('./collaboration-menu-part.tsx'));

/**
 * 'Collaboration mode active': a menu to exit collaboration mode or change its settings. The menu
 * (collaboration-menu-part.tsx) loads when the button is first pointed at or focused.
 */
export function CollaborationMenu(props: CollaborationMenuProps) {
  const { module, activation, standInProps } = useStandIn(menuPart);
  if (module) return <module.CollaborationMenuPart {...props} activation={activation} />;
  return <CollaborationMenuButton aria-haspopup="menu" aria-expanded={false} {...standInProps} />;
}
