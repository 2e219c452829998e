import { lazy, Suspense, useState } from 'react';
import { Button, Group, Text } from '@mantine/core';
import type { CarrierComposite } from '#shared/domain/carrier-composite.ts';
import type { ProductionView } from './production-model.ts';

/** The tree's texts (spec part 1 §2), and their equivalents when the table lists agencies. */
export const COMPOSITE_LABELS: Record<ProductionView, Record<CarrierComposite, string>> = {
  carriers: {
    all: 'All Carriers & Wholesalers',
    carriers: 'All Carriers',
    wholesalers: 'All Wholesalers',
  },
  agencies: {
    all: 'Agency Production from All Carriers & Wholesalers',
    carriers: 'Agency Production from Carriers',
    wholesalers: 'Agency Production from Wholesalers',
  },
};

// The dialog loads the first time it opens: the report's first load carries only the button.
const CarrierFiltersDialog = lazy(async () => ({
  default: (await import('./carrier-filters-dialog.tsx')).CarrierFiltersDialog,
}));

/**
 * The Filters button and dialog: a tree whose root is every carrier and wholesaler, with the carriers
 * and the wholesalers below it; one choice applies (spec part 1 §3 "Carrier composite filters").
 */
export function CarrierFilters({
  view,
  composite,
  disabled,
  onApply,
}: {
  view: ProductionView;
  composite: CarrierComposite;
  disabled: boolean;
  onApply: (composite: CarrierComposite) => void;
}) {
  const [opened, setOpened] = useState(false);
  const [everOpened, setEverOpened] = useState(false);
  const labels = COMPOSITE_LABELS[view];

  const apply = (value: CarrierComposite) => {
    setOpened(false);
    if (value !== composite) onApply(value);
  };

  return (
    <>
      <Group gap="xs" wrap="nowrap">
        <Button
          variant="default"
          onClick={() => {
            setEverOpened(true);
            setOpened(true);
          }}
          disabled={disabled}
        >
          Filters
        </Button>
        <Text size="sm" data-testid="active-composite">
          {labels[composite]}
        </Text>
      </Group>
      {everOpened && (
        <Suspense fallback={null}>
          <CarrierFiltersDialog
            opened={opened}
            view={view}
            composite={composite}
            onClose={() => setOpened(false)}
            onApply={apply}
          />
        </Suspense>
      )}
    </>
  );
}
