import { Badge, Group } from '@mantine/core';
import {
  dateIcon,
  dateLabel,
  lastReportedTooltip,
  noDataTooltip,
  type ReportingDateTone,
} from '#shared/domain/date-badge.ts';
import type { YearMonth } from '#shared/domain/reporting-month.ts';
import { Hint } from './hint.tsx';
import { Icon } from './icons.tsx';

/**
 * A pale pill with dark text of the tone's hue, at least 6:1. Mantine's `light` variant with a shade
 * (`green.9`) paints the pill in that solid shade and the text in the same colour, 1:1, which axe
 * reports only as "needs review" (decision 050).
 */
const COLOURS: Record<ReportingDateTone, { background: string; text: string; border: string }> = {
  ok: { background: '#ebfbee', text: '#1b5e20', border: '#8ce99a' },
  warning: { background: '#fff9db', text: '#7a4100', border: '#ffd43b' },
  error: { background: '#fff5f5', text: '#a61e1e', border: '#ffa8a8' },
};

/**
 * A carrier's reporting date badge (DESIGN §2 `DateBadge`, spec part 2 §4 "Date badge", §9): its last
 * reported month (the year only for older data), coloured by `reportingDateTone`, with an icon by how
 * far the month lies behind the latest reporting month, and the spec's tooltip. Growth plans and the
 * planning tool both use it.
 */
export function DateBadge({
  carrierName,
  lastReported,
  tone,
  latest,
  months,
}: {
  carrierName: string;
  /** 'YYYY-MM', or null when the carrier reported nothing in the period. */
  lastReported: string | null;
  tone: ReportingDateTone;
  /** The latest reporting month. */
  latest: YearMonth;
  /** The period's months the carrier reported, out of those it requires. */
  months?: { reported: number; required: number };
}) {
  const month = lastReported as YearMonth | null;
  const label = !month
    ? noDataTooltip(carrierName)
    : months
      ? lastReportedTooltip(carrierName, month, months.reported, months.required)
      : `${carrierName} last reported in ${month}`;
  const icon = dateIcon(month, latest);
  return (
    <Hint label={label}>
      <Badge
        variant="outline"
        tabIndex={0}
        aria-label={label}
        data-tone={tone}
        data-icon={icon}
        style={{
          textTransform: 'none',
          backgroundColor: COLOURS[tone].background,
          color: COLOURS[tone].text,
          borderColor: COLOURS[tone].border,
        }}
      >
        <Group gap={4} wrap="nowrap">
          <Icon name={icon === 'ok' ? 'check' : 'warning'} size={12} />
          <span>{dateLabel(month, latest)}</span>
        </Group>
      </Badge>
    </Hint>
  );
}
