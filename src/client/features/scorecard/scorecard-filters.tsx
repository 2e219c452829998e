import { useState } from 'react';
import { Button, Group, MultiSelect, Popover, Radio, Stack, Text } from '@mantine/core';
import type { CarrierComposite } from '#shared/domain/carrier-composite.ts';

/** The carrier tree's nodes (spec part 2 §2). */
export const COMPOSITE_LABELS: Record<CarrierComposite, string> = {
  all: 'All Carriers & Wholesalers',
  carriers: 'All Carriers',
  wholesalers: 'All Wholesalers',
};

/**
 * The filter popup (spec part 2 §2): the carrier tree, with Apply Filters, Clear Filters and Cancel;
 * it closes on an outside click. The draft starts from the applied choice each time it opens.
 */
export function ScorecardFilters({
  composite,
  disabled,
  onApply,
}: {
  composite: CarrierComposite;
  disabled: boolean;
  onApply: (composite: CarrierComposite) => void;
}) {
  const [opened, setOpened] = useState(false);
  const [draft, setDraft] = useState<CarrierComposite>(composite);
  const close = () => setOpened(false);
  const apply = (value: CarrierComposite) => {
    close();
    if (value !== composite) onApply(value);
  };
  return (
    <Group gap="xs" wrap="nowrap">
      <Popover
        opened={opened}
        onChange={setOpened}
        position="bottom-start"
        trapFocus
        withinPortal={false}
        shadow="md"
      >
        <Popover.Target>
          <Button
            variant="default"
            disabled={disabled}
            aria-expanded={opened}
            onClick={() => {
              if (!opened) setDraft(composite);
              setOpened((o) => !o);
            }}
          >
            Filters
          </Button>
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
      <Text size="sm" data-testid="active-composite">
        {COMPOSITE_LABELS[composite]}
      </Text>
    </Group>
  );
}

/**
 * The standard type picker of PL and CL (spec part 2 §2): Apply is enabled once the picked types
 * differ from the applied ones. The parent remounts it when the line or the applied types change.
 */
export function ScorecardStandardTypes({
  options,
  applied,
  disabled,
  onApply,
}: {
  options: { value: string; label: string }[];
  applied: string[];
  disabled: boolean;
  onApply: (types: string[]) => void;
}) {
  const [draft, setDraft] = useState(applied);
  const picked = draft.length !== applied.length || draft.some((t) => !applied.includes(t));
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <MultiSelect
        label="Standard types"
        placeholder="Select standard types"
        data={options}
        value={draft}
        onChange={setDraft}
        searchable
        clearable
        w={{ base: '100%', sm: 420 }}
        nothingFoundMessage="No standard type matches"
      />
      <Button onClick={() => onApply(draft)} disabled={disabled || !picked}>
        Apply
      </Button>
    </Group>
  );
}
