import type { HealthLine } from '#shared/contracts/reporting-health.ts';
import { closeStatusText } from '#shared/domain/reporting-health.ts';

/**
 * The monthly close checklist's pure parts: which lines need attention, in the order an analyst works
 * down them (missing, then late, then unmapped values, then blanks; by agency and carrier within),
 * and where each is fixed.
 */

const ORDER = { missing: 0, late: 1, unmapped: 2, blanks: 3 } as const;

/** The lines that need attention, worst first. */
export function attentionLines(lines: readonly HealthLine[]): HealthLine[] {
  return lines
    .filter((l) => l.problems.length > 0)
    .sort(
      (a, b) =>
        ORDER[a.problems[0]!] - ORDER[b.problems[0]!] ||
        a.agencyName.localeCompare(b.agencyName) ||
        a.carrierName.localeCompare(b.carrierName),
    );
}

/** The lines that need nothing. */
export const fineLines = (lines: readonly HealthLine[]) => lines.filter((l) => l.problems.length === 0);

export const statusText = (line: HealthLine) => closeStatusText(line.problems, line.status);

/** A line's colour: red for missing, orange for late, yellow for data to check, green when fine. */
export function statusTone(line: HealthLine): 'red' | 'orange' | 'yellow' | 'green' {
  const first = line.problems[0];
  if (first === 'missing') return 'red';
  if (first === 'late') return 'orange';
  return first ? 'yellow' : 'green';
}

/**
 * Where a line is fixed: the upload page with the carrier and month chosen (a report that did not
 * arrive, or an upload with values left out), or the carrier's manual entries for a carrier the agency
 * enters by hand, when the user may enter them (agency users and staff).
 */
export function fixLink(
  line: HealthLine,
  month: string,
  may: { upload: boolean; manualEntry: boolean },
): { href: string; label: string } | null {
  if (line.fix === 'manualEntry' && may.manualEntry) {
    const params = new URLSearchParams({ carrier: line.carrierUuid, level: line.agencyUuid });
    return { href: `/billingcarriers/edit?${params.toString()}`, label: `Enter ${line.carrierName} by hand` };
  }
  if (!may.upload) return null;
  const params = new URLSearchParams({
    carrier: line.carrierUuid,
    carrierName: line.carrierName,
    month,
  });
  return { href: `/upload?${params.toString()}`, label: `Upload ${line.carrierName}'s ${month} file` };
}

/** The line's detail for people: when it was due or arrived, and what to look at. */
export function lineDetail(line: HealthLine): string {
  const parts: string[] = [];
  if (line.status === 'received') {
    const how =
      line.source === 'upload' ? 'uploaded' : line.source === 'manual' ? 'entered by hand' : 'by the feed';
    parts.push(line.arrivedOn ? `Arrived ${line.arrivedOn}, ${how}` : `Arrived ${how}`);
  } else {
    parts.push(`Due ${line.dueOn}`);
    parts.push(line.lastMonth ? `last reported ${line.lastMonth}` : 'nothing reported in the last year');
  }
  if (line.unmappedValues > 0) {
    parts.push(`${line.unmappedValues} ${line.unmappedValues === 1 ? 'row' : 'rows'} left out of its upload`);
  }
  if (line.status === 'received' && line.blankValues > 0) {
    parts.push(
      `${line.blankValues} blank ${line.blankValues === 1 ? 'figure' : 'figures'} (not reported, unlike a $0)`,
    );
  }
  return parts.join('; ');
}
