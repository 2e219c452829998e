import type { ReactNode } from 'react';
import type { NavigationIcon } from '#shared/domain/navigation.ts';

/** Every icon the sidebar and profile menu may name, and the shell's own. */
export type IconName =
  | NavigationIcon
  | 'collapse'
  | 'expand'
  | 'news'
  | 'user'
  | 'external'
  | 'collaboration'
  | 'check'
  | 'back'
  | 'trash'
  | 'warning'
  | 'chevron-right'
  | 'chevron-down';

/** Outline strokes on a 24 x 24 grid. */
const paths: Record<IconName, ReactNode> = {
  'ai-chat': (
    <>
      <path d="M4 5h16v11H9l-5 4z" />
      <path d="M9 10h.01M12 10h.01M15 10h.01" />
    </>
  ),
  upload: (
    <>
      <path d="M4 17v2a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-2" />
      <path d="M12 4v12M7 9l5-5 5 5" />
    </>
  ),
  'manual-entry': (
    <>
      <path d="M4 20h4l10-10-4-4L4 16z" />
      <path d="M13 7l4 4M14 20h6" />
    </>
  ),
  'my-subscription': (
    <>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="M3 10h18M7 15h4" />
    </>
  ),
  users: (
    <>
      <circle cx="9" cy="8" r="3.5" />
      <path d="M3 20a6 6 0 0 1 12 0M16 4.5a3.5 3.5 0 0 1 0 7M18 14a6 6 0 0 1 3 6" />
    </>
  ),
  help: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6V14M12 17h.01" />
    </>
  ),
  'access-admin': (
    <>
      <path d="M12 3l8 3v6c0 4.5-3.4 8.2-8 9-4.6-.8-8-4.5-8-9V6z" />
      <path d="M9 12l2 2 4-4" />
    </>
  ),
  logout: (
    <>
      <path d="M14 8V6a2 2 0 0 0-2-2H5a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h7a2 2 0 0 0 2-2v-2" />
      <path d="M9 12h12M18 9l3 3-3 3" />
    </>
  ),
  'admin-portal': (
    <>
      <rect x="3" y="4" width="18" height="14" rx="2" />
      <path d="M3 9h18M8 21h8" />
    </>
  ),
  'help-portal': (
    <>
      <path d="M4 5a2 2 0 0 1 2-2h12v16H6a2 2 0 0 0-2 2z" />
      <path d="M4 19V5M9 8h6" />
    </>
  ),
  collapse: (
    <>
      <rect x="3" y="4" width="18" height="16" rx="2" />
      <path d="M9 4v16M16 10l-2 2 2 2" />
    </>
  ),
  expand: (
    <>
      <rect x="3" y="4" width="18" height="16" rx="2" />
      <path d="M9 4v16M14 10l2 2-2 2" />
    </>
  ),
  news: (
    <>
      <path d="M10 5a2 2 0 1 1 4 0 7 7 0 0 1 4 6v3a4 4 0 0 0 2 3H4a4 4 0 0 0 2-3v-3a7 7 0 0 1 4-6" />
      <path d="M9 17v1a3 3 0 0 0 6 0v-1" />
    </>
  ),
  'my-profile': (
    <>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <circle cx="9" cy="11" r="2.5" />
      <path d="M5.5 17a3.5 3.5 0 0 1 7 0M15 10h3M15 14h3" />
    </>
  ),
  user: (
    <>
      <circle cx="12" cy="8" r="4" />
      <path d="M5 20a7 7 0 0 1 14 0" />
    </>
  ),
  external: <path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />,
  collaboration: (
    <>
      <circle cx="9" cy="8" r="3.5" />
      <path d="M3 20a6 6 0 0 1 12 0" />
      <path d="M15.5 4.6a3.5 3.5 0 0 1 0 6.8" />
      <path d="M17.5 14.3A6 6 0 0 1 21 20" />
    </>
  ),
  check: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M8 12.5l2.8 2.8L16.5 9.5" />
    </>
  ),
  back: <path d="M19 12H5M11 6l-6 6 6 6" />,
  trash: (
    <>
      <path d="M4 7h16M10 11v6M14 11v6" />
      <path d="M6 7l1 13h10l1-13M9 7V4h6v3" />
    </>
  ),
  warning: (
    <>
      <path d="M12 3l10 18H2z" />
      <path d="M12 10v4M12 17.5h.01" />
    </>
  ),
  'chevron-right': <path d="M9 6l6 6-6 6" />,
  production: <path d="M4 20V10M10 20V4M16 20v-7M22 20H2" />,
  'chevron-down': <path d="M6 9l6 6 6-6" />,
  growth: (
    <>
      <path d="M3 20h18" />
      <path d="M4 16l5-5 4 3 7-7" />
      <path d="M15 7h5v5" />
    </>
  ),
  report: (
    <>
      <path d="M4 4h16v16H4z" />
      <path d="M8 16v-4M12 16V8M16 16v-6" />
    </>
  ),
  // A briefcase: the agency's own production.
  'agency-production': (
    <>
      <rect x="3" y="7" width="18" height="13" rx="2" />
      <path d="M8 7V5a2 2 0 0 1 2-2h4a2 2 0 0 1 2 2v2M3 13h18" />
    </>
  ),
  // A storefront: the market.
  'market-assistance': (
    <>
      <path d="M3 10l2-6h14l2 6z" />
      <path d="M5 10v10h14V10M10 20v-5h4v5" />
    </>
  ),
  // A price tag: the lighter market report.
  'market-assistance-lite': (
    <>
      <path d="M3 12V4h8l10 10-8 8z" />
      <path d="M7.5 7.5h.01" />
    </>
  ),
  // A globe: the market beyond the network.
  'market-assistance-unaffiliated': (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18" />
    </>
  ),
  // Sliders: tuning revenue.
  'revenue-tuner': (
    <>
      <path d="M4 6h9M17 6h3M4 12h3M11 12h9M4 18h11M19 18h1" />
      <circle cx="15" cy="6" r="2" />
      <circle cx="9" cy="12" r="2" />
      <circle cx="17" cy="18" r="2" />
    </>
  ),
  // A gauge: the tuner beyond the network.
  'revenue-tuner-unaffiliated': (
    <>
      <path d="M4 18a8 8 0 1 1 16 0" />
      <path d="M12 18l4-6M12 18h.01" />
    </>
  ),
  // Arrows coming round: customers kept.
  retention: (
    <>
      <path d="M20 12a8 8 0 1 1-2.3-5.7" />
      <path d="M20 4v4h-4" />
    </>
  ),
  // An arrow rising out of a circle.
  'lift-analysis': (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M9 15l6-6M10 9h5v5" />
    </>
  ),
  // Two arrows crossing over: selling across lines.
  'cross-sell': <path d="M4 7h14l-3-3M20 17H6l3 3" />,
  // Plus and minus: variance.
  'revenue-variance': (
    <>
      <rect x="3" y="3" width="18" height="18" rx="2" />
      <path d="M12 6.5v6M9 9.5h6M9 16.5h6" />
    </>
  ),
  // A pulse: the health of the management system's data.
  'data-health': <path d="M3 12h4l2-5 4 10 2-5h6" />,
  // A rosette: the scorecard.
  scorecard: (
    <>
      <circle cx="12" cy="9" r="6" />
      <path d="M8.5 14L7 21l5-3 5 3-1.5-7" />
    </>
  ),
  // A pie: the charts.
  'performance-charts': (
    <>
      <path d="M12 3v9h9" />
      <path d="M21 12a9 9 0 1 1-9-9" />
    </>
  ),
  // A coin: profit sharing.
  'profit-sharing': (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M15 9.5c-.5-1-1.6-1.5-3-1.5-1.7 0-3 .8-3 2s1.3 1.7 3 2 3 .8 3 2-1.3 2-3 2c-1.4 0-2.5-.5-3-1.5M12 6v2M12 16v2" />
    </>
  ),
  // A checklist: the monthly close.
  'monthly-close': <path d="M9 6h11M9 12h11M9 18h11M4 6l1 1 2-2M4 12l1 1 2-2M4 18l1 1 2-2" />,
  // A box plot: benchmarks.
  benchmarks: (
    <>
      <path d="M4 12h3M17 12h3M4 9v6M20 9v6" />
      <rect x="7" y="7" width="10" height="10" />
      <path d="M12 7v10" />
    </>
  ),
  // A warning triangle: early warning.
  'early-warning': (
    <>
      <path d="M12 3l10 18H2z" />
      <path d="M12 10v5M12 18h.01" />
    </>
  ),
  // A target: planning.
  planning: (
    <>
      <circle cx="12" cy="12" r="9" />
      <circle cx="12" cy="12" r="5" />
      <path d="M12 12h.01" />
    </>
  ),
  'customer-accounts': (
    <>
      <path d="M3 21V7l9-4 9 4v14" />
      <path d="M9 21v-6h6v6M8 10h.01M12 10h.01M16 10h.01" />
    </>
  ),
};

/** A decorative icon: the control that carries it supplies the accessible name. */
export function Icon({ name, size = 20 }: { name: IconName; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {paths[name]}
    </svg>
  );
}
