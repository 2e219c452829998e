import { Badge } from '@mantine/core';
import type { AgreementSummary } from '#shared/contracts/profit-sharing.ts';
import { toCents } from '#shared/domain/growth-plan.ts';
import { formatCents } from '#shared/domain/profit-sharing.ts';
import { formatPercent } from '#client/components/figures.tsx';

/** Status words, as the export writes them. */
export const STATUS_LABELS: Record<AgreementSummary['status'], string> = {
  onTrack: 'On track',
  atRisk: 'At risk',
  notEligible: 'Not eligible',
  noFigures: 'No figures yet',
};

/** Dark text colours with at least 4.5:1 contrast on white. */
const STATUS_COLOURS: Record<AgreementSummary['status'], string> = {
  onTrack: '#237032',
  atRisk: '#7a4d00',
  notEligible: '#b02525',
  noFigures: '#495057',
};

export function StatusBadge({ status }: { status: AgreementSummary['status'] }) {
  const colour = STATUS_COLOURS[status];
  return (
    <Badge
      variant="outline"
      radius="sm"
      style={{ flexShrink: 0 }}
      styles={{
        root: {
          color: colour,
          borderColor: colour,
          background: '#fff',
          textTransform: 'none',
          overflow: 'visible',
        },
        label: { overflow: 'visible' },
      }}
    >
      {STATUS_LABELS[status]}
    </Badge>
  );
}

/** Dollars with cents: a payout is exact to the cent. */
export const payout = (dollars: number) => formatCents(toCents(dollars));

const GATE_WORDS: Record<AgreementSummary['failingGates'][number]['gate'], string> = {
  minimumPremium: 'premium',
  maximumLossRatio: 'loss ratio',
  minimumGrowth: 'growth',
};

/** Why the projection is not eligible, in words ("Loss ratio 55.4% must be under 55%"). */
export function failingGatesText(gates: AgreementSummary['failingGates']): string | null {
  if (gates.length === 0) return null;
  return gates
    .map((gate) => {
      const shown = (value: number) =>
        gate.gate === 'minimumPremium'
          ? payout(value)
          : `${value.toLocaleString('en-US', { maximumFractionDigits: 2 })}%`;
      const figure = gate.figure === null ? (gate.reason ?? 'not reported') : shown(gate.figure);
      const rule = gate.gate === 'maximumLossRatio' ? 'must be under' : 'must reach';
      return `${GATE_WORDS[gate.gate]} ${figure} ${rule} ${shown(gate.threshold)}`;
    })
    .join('; ');
}

/** What the next better cell needs, in words ("$200 more written premium"), or null at the best cell. */
export function nextBandText(next: AgreementSummary['nextBand']): string | null {
  if (!next) return null;
  const needs = [
    next.writtenPremium !== null && next.writtenPremium > 0
      ? `${payout(next.writtenPremium)} more written premium`
      : null,
    next.premium !== null && next.premium > 0 ? `${payout(next.premium)} more premium` : null,
    next.policies !== null && next.policies > 0
      ? `${next.policies} more ${next.policies === 1 ? 'policy' : 'policies'} in force`
      : null,
    next.lossRatioPoints !== null
      ? `a loss ratio ${formatPercent(next.lossRatioPoints).replace('%', '')} points lower`
      : null,
  ].filter((need): need is string => need !== null);
  const gain = `${payout(next.extraPayout)} more`;
  return needs.length > 0 ? `${needs.join(' and ')} pays ${gain}` : `Pays ${gain}`;
}
