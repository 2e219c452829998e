import { useState } from 'react';
import { Button, Group, Radio, Stack } from '@mantine/core';
import { Dialog } from '#client/components/dialog.tsx';
import { COMPOSITE_LABELS } from './carrier-filters.tsx';
import type { CarrierComposite } from '#shared/domain/carrier-composite.ts';
import type { ProductionView } from './production-model.ts';

/**
 * The Filters dialog's tree (spec part 1 §3 "Carrier composite filters"). The draft starts from the
 * applied choice each time the dialog opens.
 */
export function CarrierFiltersDialog({
  opened,
  view,
  composite,
  onClose,
  onApply,
}: {
  opened: boolean;
  view: ProductionView;
  composite: CarrierComposite;
  onClose: () => void;
  onApply: (composite: CarrierComposite) => void;
}) {
  const [draft, setDraft] = useState<CarrierComposite>(composite);
  const [wasOpened, setWasOpened] = useState(opened);
  if (opened !== wasOpened) {
    setWasOpened(opened);
    if (opened) setDraft(composite);
  }
  const labels = COMPOSITE_LABELS[view];

  return (
    <Dialog opened={opened} onClose={onClose} title="Filters">
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
          <Button variant="default" onClick={() => onApply('all')}>
            Clear Filters
          </Button>
          <Button onClick={() => onApply(draft)}>Apply Filters</Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
