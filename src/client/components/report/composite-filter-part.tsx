import { useState } from 'react';
import { Button, Group, Popover, Radio, Stack } from '@mantine/core';
import type { CarrierComposite } from '#shared/domain/carrier-composite.ts';
import { useTakeOver, type Activation } from '#client/components/deferred.tsx';
import { COMPOSITE_LABELS, FiltersButton, type CompositeFilterProps } from './composite-filter-button.tsx';

/**
 * The Filters popup itself (composite-filter.tsx draws its button until this part has loaded): the
 * carrier tree, whose root is every carrier and wholesaler with the carriers and the wholesalers below
 * it, and Cancel, Clear Filters and Apply Filters; it closes on an outside click or Escape (spec
 * part 1 §3, part 2 §2). The draft starts from the applied choice each time it opens.
 */
export function CompositeFilterPart({
  view = 'carriers',
  composite,
  disabled,
  onApply,
  activation,
}: CompositeFilterProps & { activation: Activation }) {
  const target = useTakeOver<HTMLButtonElement>(activation);
  const [opened, setOpened] = useState(false);
  const [draft, setDraft] = useState<CarrierComposite>(composite);
  const labels = COMPOSITE_LABELS[view];
  const close = () => setOpened(false);
  const apply = (value: CarrierComposite) => {
    close();
    if (value !== composite) onApply(value);
  };
  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-start"
      trapFocus
      withinPortal={false}
      shadow="md"
    >
      <Popover.Target>
        <FiltersButton
          ref={target}
          disabled={disabled}
          aria-haspopup="dialog"
          aria-expanded={opened}
          onClick={() => {
            if (!opened) setDraft(composite);
            setOpened((o) => !o);
          }}
        />
      </Popover.Target>
      <Popover.Dropdown aria-label="Filters" role="dialog">
        <Stack gap="md">
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
            <Button variant="subtle" onClick={close}>
              Cancel
            </Button>
            <Button variant="default" onClick={() => apply('all')}>
              Clear Filters
            </Button>
            <Button onClick={() => apply(draft)}>Apply Filters</Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
