import { ActionIcon, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import type { CSSProperties } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { isCollaborating } from '#shared/domain/collaboration.ts';
import {
  isInternalUser,
  profileMenuLinks,
  sidebarLinks,
  type NavigationInput,
} from '#shared/domain/navigation.ts';
import { Icon } from '#client/components/icons.tsx';
import { reportAssignmentsQuery } from '#client/components/report-link-slot.tsx';
import { Hint } from '#client/components/hint.tsx';
import { CollaborationControl } from '#client/features/collaboration/collaboration-control.tsx';
import { useCollaboration } from '#client/features/collaboration/collaboration-state.ts';
import { clientConfigQuery, useAccess } from './access.ts';
import { organisationName, useCurrentUser } from './current-user.ts';
import { choosesLevel, useLevel } from './level.ts';
import { LevelPicker } from './level-picker.tsx';
import { NAV_WIDTH_COLLAPSED, NAV_WIDTH_EXPANDED, useNavExpanded } from './nav-state.ts';
import { ProfileMenu } from './profile-menu.tsx';
import { Sidebar } from './sidebar.tsx';
import { WhatsNew } from './whats-new.tsx';

const NAVIGATION_ID = 'app-navigation';

const NONE: ReadonlySet<string> = new Set();

/**
 * The reports with a dashboard an agency or network user can open at the level they look at: their
 * sidebar links only reports that show them something (decision 054). Staff see every report.
 */
function useAssignedReports(internal: boolean): {
  reports: ReadonlySet<string> | undefined;
  pending: boolean;
} {
  const levelUuid = useLevel();
  const enabled = !internal && levelUuid !== undefined;
  const assignments = useQuery({
    ...reportAssignmentsQuery(levelUuid ?? ''),
    enabled,
    select: (answer) => new Set(answer.assignments.map((a) => a.reportKey)) as ReadonlySet<string>,
  });
  if (internal) return { reports: undefined, pending: false };
  return { reports: assignments.data ?? NONE, pending: enabled && assignments.isPending };
}

/**
 * The shell around every signed-in screen: a header (toggle, organisation, level picker, collaboration
 * mode, What's new, profile menu) and a sidebar 280 px wide, or 80 px with icons only when collapsed;
 * below 48em the sidebar covers the page when expanded and hides when collapsed. Drawn by
 * `app/shell.css` (decision 072).
 */
export function AppLayout() {
  const user = useCurrentUser();
  const { features, featuresStatus, flags, flagsStatus, permissions, permissionsStatus } = useAccess();
  const { data: config = null, status: configStatus } = useQuery(clientConfigQuery);
  const [expanded, toggle] = useNavExpanded();
  const assigned = useAssignedReports(isInternalUser(user));
  const assignedReports = assigned.reports;
  const navigation: NavigationInput = { user, features, flags, permissions, config, assignedReports };
  // The links are drawn once every answer they depend on has come (or failed), all at once: drawn an
  // answer at a time, links moved as others appeared above them, under a pointer reaching for one.
  const linksKnown =
    ![featuresStatus, flagsStatus, permissionsStatus, configStatus].includes('pending') && !assigned.pending;
  const { pathname } = useLocation();
  const collaborating = isCollaborating(useCollaboration());
  const [collaborationDialog, collaborationDialogHandlers] = useDisclosure(false);

  return (
    <div
      className="app-shell"
      style={
        {
          '--app-shell-navbar-width': `${expanded ? NAV_WIDTH_EXPANDED : NAV_WIDTH_COLLAPSED}px`,
        } as CSSProperties
      }
    >
      <header className="app-shell-header">
        <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Hint label={expanded ? 'Collapse navigation' : 'Expand navigation'}>
              <ActionIcon
                variant="subtle"
                color="gray.8"
                size="lg"
                onClick={toggle}
                aria-label="Toggle navigation"
                aria-expanded={expanded}
                aria-controls={NAVIGATION_ID}
              >
                <Icon name={expanded ? 'collapse' : 'expand'} />
              </ActionIcon>
            </Hint>
            <Text component={Link} to="/" fw={700} c="understanding.8" visibleFrom="xs">
              Understanding
            </Text>
            <Text fw={600} truncate data-testid="organisation-name">
              {organisationName(user)}
            </Text>
            {choosesLevel(user) && <LevelPicker />}
          </Group>
          <Group gap="xs" wrap="nowrap">
            <CollaborationControl
              dialogOpened={collaborationDialog}
              onOpenDialog={collaborationDialogHandlers.open}
              onCloseDialog={collaborationDialogHandlers.close}
            />
            <WhatsNew />
            <ProfileMenu
              userName={user.name}
              items={profileMenuLinks({ ...navigation, pathname, collaborating })}
              onCommand={(command) => {
                if (command === 'enter-collaboration') collaborationDialogHandlers.open();
              }}
            />
          </Group>
        </Group>
      </header>
      <nav
        id={NAVIGATION_ID}
        aria-label="Main navigation"
        className="app-shell-navbar"
        data-collapsed={expanded ? undefined : true}
        aria-busy={linksKnown ? undefined : true}
      >
        <Sidebar links={linksKnown ? sidebarLinks(navigation) : []} expanded={expanded} />
      </nav>
      <main className="app-shell-main">
        <Outlet />
      </main>
    </div>
  );
}
