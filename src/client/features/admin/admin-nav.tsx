import { Group } from '@mantine/core';
import { NavLink } from 'react-router';

const pages = [
  { to: '/admin/access', label: 'Access' },
  { to: '/admin/carrier-requests', label: 'Carrier requests' },
  { to: '/admin/mail-outbox', label: 'Mail outbox' },
  { to: '/admin/report-assignments', label: 'Dashboards' },
  { to: '/admin/subscribers', label: 'Subscribers' },
] as const;

/** Links between the internal-staff admin pages; the current page is marked for assistive technology. */
export function AdminNav() {
  return (
    <Group component="nav" aria-label="Admin pages" gap="lg">
      {pages.map((page) => (
        <NavLink
          key={page.to}
          to={page.to}
          end
          style={({ isActive }) => ({
            color: 'var(--mantine-color-anchor)',
            fontWeight: isActive ? 700 : 400,
            textDecoration: isActive ? 'none' : 'underline',
          })}
        >
          {page.label}
        </NavLink>
      ))}
    </Group>
  );
}

/** When the staff pages show a moment: date and time in the browser's locale. */
export function formatMoment(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}
