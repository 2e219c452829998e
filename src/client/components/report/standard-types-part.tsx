import { useState } from 'react';
import { Button, Group, MultiSelect, Stack, Text } from '@mantine/core';

export type StandardTypesPickerProps = {
  options: { value: string; label: string }[];
  applied: string[];
  disabled: boolean;
  /** A line under the picker (Carrier Production's '* Manual entries will not be shown in results below'). */
  note?: string;
  onApply: (types: string[]) => void;
};

/**
 * The standard type picker itself (standard-types-picker.tsx loads it): a selection that takes effect
 * with Apply, which is enabled once the picked types differ from the applied ones (spec part 2 §2);
 * applying an empty selection resets the filter (spec part 1 §5). The parent remounts it when the
 * line or the applied types change, so the draft starts from what is applied.
 */
export default function StandardTypesPart({
  options,
  applied,
  disabled,
  note,
  onApply,
}: StandardTypesPickerProps) {
  const [draft, setDraft] = useState(applied);
  const picked = draft.length !== applied.length || draft.some((t) => !applied.includes(t));
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
        <Button onClick={() => onApply(draft)} disabled={disabled || !picked}>
          Apply
        </Button>
      </Group>
      {note && (
        <Text size="sm" c="dimmed">
          {note}
        </Text>
      )}
    </Stack>
  );
}
