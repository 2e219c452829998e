import { useState } from 'react';
import { Button, Group, MultiSelect, Stack, Text } from '@mantine/core';

export const MANUAL_ENTRIES_NOTE = '* Manual entries will not be shown in results below';

/**
 * The standard types of the chosen line (spec part 1 §2): a selection that takes effect with Apply;
 * applying an empty selection resets the filter (§5). The parent remounts it when the line or the
 * applied types change, so the draft starts from what is applied.
 */
export function StandardTypesPicker({
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
  return (
    <Stack gap={4}>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <MultiSelect
          label="Standard types"
          placeholder="Select standard types"
          data={options}
          value={draft}
          onChange={setDraft}
          searchable
          clearable
          w={{ base: '100%', sm: 460 }}
          nothingFoundMessage="No standard type matches"
        />
        <Button onClick={() => onApply(draft)} disabled={disabled}>
          Apply
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        {MANUAL_ENTRIES_NOTE}
      </Text>
    </Stack>
  );
}
