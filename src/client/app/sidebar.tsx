import { Stack, VisuallyHidden } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import type { NavigationLink } from '#shared/domain/navigation.ts';
import { Icon } from '#client/components/icons.tsx';
import { Hint } from '#client/components/hint.tsx';

function isActive(link: NavigationLink, pathname: string): boolean {
  if (link.external) return false;
  return pathname === link.href || pathname.startsWith(`${link.href}/`);
}

function SidebarLink({
  link,
  expanded,
  active,
}: {
  link: NavigationLink;
  expanded: boolean;
  active: boolean;
}) {
  const label = (
    <>
      {link.label}
      {link.external && <VisuallyHidden> (opens in a new tab)</VisuallyHidden>}
    </>
  );
  const content = (
    <>
      <Icon name={link.icon} />
      {expanded ? (
        <span className="app-nav-link-label">{label}</span>
      ) : (
        <VisuallyHidden>{label}</VisuallyHidden>
      )}
    </>
  );
  const common = {
    className: 'app-nav-link',
    'data-collapsed': expanded ? undefined : true,
    'aria-current': active ? ('page' as const) : undefined,
  };
  const item = link.external ? (
    <a href={link.href} target="_blank" rel="noopener noreferrer" {...common}>
      {content}
    </a>
  ) : (
    <Link to={link.href} {...common}>
      {content}
    </Link>
  );
  if (expanded) return item;
  return (
    <Hint label={link.label} position="right" withArrow>
      {item}
    </Hint>
  );
}

/** The sidebar: the links `sidebarLinks` allows, with labels, or icons with tooltips when collapsed. */
export function Sidebar({ links, expanded }: { links: NavigationLink[]; expanded: boolean }) {
  const { pathname } = useLocation();
  return (
    <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
      {links.map((link) => (
        <li key={link.key}>
          <SidebarLink link={link} expanded={expanded} active={isActive(link, pathname)} />
        </li>
      ))}
    </Stack>
  );
}
