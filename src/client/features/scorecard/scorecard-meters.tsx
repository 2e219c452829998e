import { Group, Paper, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ScorecardByAgencyResponse, ScorecardFigures } from '#shared/contracts/scorecards.ts';
import { percentOf, sharesOf, toCents } from '#shared/domain/scorecard.ts';
import { Money, Percent } from '#client/components/figures.tsx';

type Split = ScorecardByAgencyResponse['policyTypes']['P&C'];

const CORE_COLOUR = '#1c5d99';
const NONCORE_COLOUR = '#7c8a99';

const cents = (v: number | null) => (v === null ? null : toCents(v));
/** The meters show percents with one decimal (formatPercent). */
const SHOWN_DECIMALS = 1;

/** A meter: the total, and how much of it comes from core and non-core carriers, with percents. */
function Meter({
  title,
  split,
  amount,
  rate,
}: {
  title: string;
  split: Split;
  amount: (f: ScorecardFigures) => number | null;
  /** The percent shown beside each part: its share of the total, or its commission rate. */
  rate: 'share' | 'of written premium';
}) {
  const total = amount(split.total);
  const sides = [
    { label: 'Core', figures: split.core, colour: CORE_COLOUR },
    { label: 'Non-core', figures: split.noncore, colour: NONCORE_COLOUR },
  ];
  // Every percent is rounded once, to the one decimal shown, from the exact amounts in cents.
  const shares = sharesOf(
    sides.map((side) => cents(amount(side.figures))),
    cents(total),
    SHOWN_DECIMALS,
  );
  const ofWritten = (f: ScorecardFigures) =>
    percentOf(cents(amount(f)), cents(f.writtenPremiumYTD), SHOWN_DECIMALS);
  const parts = sides.map((side, i) => {
    const share = shares[i] ?? null;
    return {
      ...side,
      value: amount(side.figures),
      share,
      percent: rate === 'share' ? share : ofWritten(side.figures),
    };
  });
  return (
    <Paper withBorder p="md" component="section" aria-label={title}>
      <Stack gap="xs">
        <Text fw={600}>{title}</Text>
        <Group justify="space-between" align="baseline">
          <Text fz="xl" fw={700} data-testid={`meter-${title}`}>
            <Money value={total} />
          </Text>
          {rate !== 'share' && (
            <Text size="sm">
              <Percent value={ofWritten(split.total)} /> of written premium
            </Text>
          )}
        </Group>
        <Progress.Root size="lg" aria-hidden="true">
          {parts.map((part) => (
            <Progress.Section key={part.label} value={Math.max(0, part.share ?? 0)} color={part.colour} />
          ))}
        </Progress.Root>
        {parts.map((part) => (
          <Group key={part.label} justify="space-between" gap="xs" wrap="nowrap">
            <Group gap={6} wrap="nowrap">
              <span
                aria-hidden="true"
                style={{
                  width: 10,
                  height: 10,
                  borderRadius: 2,
                  background: part.colour,
                  display: 'inline-block',
                }}
              />
              <Text size="sm">{part.label}</Text>
            </Group>
            <Text size="sm" ta="right">
              <Money value={part.value} /> · <Percent value={part.percent} />
            </Text>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}

/**
 * The three meters of spec part 2 §2: Written Premium (each part's share), Base Commission and Total
 * Commission (each part's commission as a percent of its written premium), Core / Non-core split.
 */
export function ScorecardMeters({ split }: { split: Split }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
      <Meter title="Written Premium" split={split} amount={(f) => f.writtenPremiumYTD} rate="share" />
      <Meter
        title="Base Commission"
        split={split}
        amount={(f) => f.baseCommissionYTD}
        rate="of written premium"
      />
      <Meter
        title="Total Commission"
        split={split}
        amount={(f) => f.totalCommissionYTD}
        rate="of written premium"
      />
    </SimpleGrid>
  );
}
