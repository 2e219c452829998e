import { Group, Text } from '@mantine/core';
import { deferred, useStandIn } from '#client/components/deferred.tsx';
import { COMPOSITE_LABELS, FiltersButton, type CompositeFilterProps } from './composite-filter-button.tsx';

const filterPart = deferred(() => import('./composite-filter-part.tsx'));

/**
 * A report's carrier composite filter (spec part 1 §3 "Carrier composite filters", part 2 §2): the
 * Filters button with the applied choice beside it. The popup (composite-filter-part.tsx, with
 * Floating UI) loads when the button is first pointed at or focused; until then the button is drawn
 * alone.
 */
export function CompositeFilter(props: CompositeFilterProps) {
  const { module, activation, standInProps } = useStandIn(filterPart);
  return (
    <Group gap="xs" wrap="nowrap">
      {module ? (
        <module.CompositeFilterPart {...props} activation={activation} />
      ) : (
        <FiltersButton
          disabled={props.disabled}
          aria-haspopup="dialog"
          aria-expanded={false}
          {...standInProps}
        />
      )}
      <Text size="sm" data-testid="active-composite">
        {COMPOSITE_LABELS[props.view ?? 'carriers'][props.composite]}
      </Text>
    </Group>
  );
}
