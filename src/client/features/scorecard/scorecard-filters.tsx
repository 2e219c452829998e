import { lazy, Suspense, type Ref } from 'react';
import { Button, Group, Text, type ButtonProps } from '@mantine/core';
import type { CarrierComposite } from '#shared/domain/carrier-composite.ts';
import { deferred, useStandIn } from '#client/components/deferred.tsx';

/** The carrier tree's nodes (spec part 2 §2). */
export const COMPOSITE_LABELS: Record<CarrierComposite, string> = {
  all: 'All Carriers & Wholesalers',
  carriers: 'All Carriers',
  wholesalers: 'All Wholesalers',
};

export type ScorecardFiltersProps = {
  composite: CarrierComposite;
  disabled: boolean;
  onApply: (composite: CarrierComposite) => void;
};

const filtersPart = deferred(() => import('./scorecard-filters-part.tsx'));

/** The Filters button: the same for the stand-in and the popup's target. */
export function FiltersButton({
  ref,
  ...props
}: { ref?: Ref<HTMLButtonElement> } & ButtonProps &
  Omit<React.ComponentPropsWithoutRef<'button'>, keyof ButtonProps>) {
  return (
    <Button ref={ref} variant="default" {...props}>
      Filters
    </Button>
  );
}

/**
 * The filter popup (spec part 2 §2), with the applied choice beside its button. The popup
 * (scorecard-filters-part.tsx, with Floating UI) loads when the button is first pointed at or
 * focused; until then the button is drawn alone.
 */
export function ScorecardFilters(props: ScorecardFiltersProps) {
  const { module, activation, standInProps } = useStandIn(filtersPart);
  return (
    <Group gap="xs" wrap="nowrap">
      {module ? (
        <module.ScorecardFiltersPart {...props} activation={activation} />
      ) : (
        <FiltersButton
          disabled={props.disabled}
          aria-haspopup="dialog"
          aria-expanded={false}
          {...standInProps}
        />
      )}
      <Text size="sm" data-testid="active-composite">
        {COMPOSITE_LABELS[props.composite]}
      </Text>
    </Group>
  );
}

const StandardTypesPart = lazy(() => import('./scorecard-standard-types.tsx'));

/**
 * The standard type picker of PL and CL (spec part 2 §2), loaded when a line that has standard types
 * is chosen (Mantine's MultiSelect brings Floating UI and the combobox).
 */
export function ScorecardStandardTypes(props: StandardTypesProps) {
  return (
    <Suspense fallback={<div style={{ minHeight: 60 }} aria-busy="true" />}>
      <StandardTypesPart {...props} />
    </Suspense>
  );
}

export type StandardTypesProps = {
  options: { value: string; label: string }[];
  applied: string[];
  disabled: boolean;
  onApply: (types: string[]) => void;
};
