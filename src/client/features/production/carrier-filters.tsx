import { useState } from 'react';
import { Button, Group, Radio, Stack, Text } from '@mantine/core';
import { Dialog } from '#client/components/dialog.tsx';
import type { CarrierComposite, ProductionView } from './production-model.ts';

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
  const [draft, setDraft] = useState<CarrierComposite>(composite);
  const labels = COMPOSITE_LABELS[view];

  const open = () => {
    setDraft(composite);
    setOpened(true);
  };
  const apply = (value: CarrierComposite) => {
    setOpened(false);
    if (value !== composite) onApply(value);
  };

  return (
    <>
      <Group gap="xs" wrap="nowrap">
        <Button variant="default" onClick={open} disabled={disabled}>
          Filters
        </Button>
        <Text size="sm" data-testid="active-composite">
          {labels[composite]}
        </Text>
      </Group>
      <Dialog opened={opened} onClose={() => setOpened(false)} title="Filters">
        <Stack gap="lg">
          <Radio.Group
            label={view === 'carriers' ? 'Carriers shown' : 'Production counted'}
            value={draft}
            onChange={(value) => setDraft(value)}
          >
            <Stack gap="sm" mt="xs">
              <Radio value="all" label={labels.all} />
              <Stack gap="sm" pl="xl">
                <Radio value="carriers" label={labels.carriers} />
                <Radio value="wholesalers" label={labels.wholesalers} />
              </Stack>
            </Stack>
          </Radio.Group>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => apply('all')}>
              Clear Filters
            </Button>
            <Button onClick={() => apply(draft)}>Apply Filters</Button>
          </Group>
        </Stack>
      </Dialog>
    </>
  );
}
