import { deferred, useStandIn } from '#client/components/deferred.tsx';
import { ProfileMenuButton, type ProfileMenuProps } from './profile-menu-button.tsx';

const menuPart = deferred(() => import('./profile-menu-part.tsx'));

/**
 * The header's profile menu: the items `profileMenuLinks` allows, under the user's name. Links
 * navigate; commands (such as entering collaboration mode) are handed to `onCommand`. The menu
 * (profile-menu-part.tsx) loads when the button is first pointed at or focused.
 */
export function ProfileMenu(props: ProfileMenuProps) {
  const { module, activation, standInProps } = useStandIn(menuPart);
  if (module) return <module.ProfileMenuPart {...props} activation={activation} />;
  return (
    <ProfileMenuButton
      userName={props.userName}
      aria-haspopup="menu"
      aria-expanded={false}
      {...standInProps}
    />
  );
}
