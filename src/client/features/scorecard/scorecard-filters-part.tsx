import { useState } from 'react';
import { Button, Popover, Radio, Stack, Group } from '@mantine/core';
import type { CarrierComposite } from '#shared/domain/carrier-composite.ts';
import { useTakeOver, type Activation } from '#client/components/deferred.tsx';
import { COMPOSITE_LABELS, FiltersButton, type ScorecardFiltersProps } from './scorecard-filters.tsx';

/**
 * The filter popup itself (scorecard-filters.tsx draws its button until this part has loaded): the
 * carrier tree, with Apply Filters, Clear Filters and Cancel; it closes on an outside click. The
 * draft starts from the applied choice each time it opens.
 */
export function ScorecardFiltersPart({
  composite,
  disabled,
  onApply,
  activation,
}: ScorecardFiltersProps & { activation: Activation }) {
  const target = useTakeOver<HTMLButtonElement>(activation);
  const [opened, setOpened] = useState(false);
  const [draft, setDraft] = useState<CarrierComposite>(composite);
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
          aria-expanded={opened}
          onClick={() => {
            if (!opened) setDraft(composite);
            setOpened((o) => !o);
          }}
        />
      </Popover.Target>
      <Popover.Dropdown aria-label="Carrier filters" role="dialog">
        <Stack gap="md">
          <Radio.Group label="Carriers" value={draft} onChange={(value) => setDraft(value)}>
            <Stack gap="sm" mt="xs">
              <Radio value="all" label={COMPOSITE_LABELS.all} />
              <Stack gap="sm" pl="xl">
                <Radio value="carriers" label={COMPOSITE_LABELS.carriers} />
                <Radio value="wholesalers" label={COMPOSITE_LABELS.wholesalers} />
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
