import { useState } from 'react';
import { Button, Group, MultiSelect } from '@mantine/core';
import type { StandardTypesProps } from './scorecard-filters.tsx';

/**
 * The standard type picker of PL and CL (spec part 2 §2): Apply is enabled once the picked types
 * differ from the applied ones. The parent remounts it when the line or the applied types change.
 */
export default function ScorecardStandardTypesPart({
  options,
  applied,
  disabled,
  onApply,
}: StandardTypesProps) {
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
