import { useCallback, useState } from 'react';
import { Group, Switch, Text } from '@mantine/core';

/**
 * Report rows that open one by one and all at once: a row is open when its own toggle differs from
 * "Expand all", and switching "Expand all" forgets the rows' own toggles.
 */
export function useExpandableRows() {
  const [expandAll, setExpandAllState] = useState(false);
  /** Rows whose state differs from the expand-all toggle. */
  const [toggled, setToggled] = useState<ReadonlySet<string>>(() => new Set());
  const toggleRow = useCallback(
    (id: string) =>
      setToggled((previous) => {
        const next = new Set(previous);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    [],
  );
  const setExpandAll = (value: boolean) => {
    setExpandAllState(value);
    setToggled(new Set());
  };
  const isExpanded = (id: string) => expandAll !== toggled.has(id);
  return { expandAll, setExpandAll, isExpanded, toggleRow };
}

/** The "Expand all" switch above a report table, with the table's row count announced beside it. */
export function ExpandAllBar({
  expandAll,
  onExpandAll,
  disabled,
  status,
}: {
  expandAll: boolean;
  onExpandAll: (value: boolean) => void;
  disabled?: boolean;
  status: string;
}) {
  return (
    <Group justify="space-between">
      <Switch
        label="Expand all"
        checked={expandAll}
        disabled={disabled}
        onChange={(event) => onExpandAll(event.currentTarget.checked)}
      />
      <Text size="sm" role="status">
        {status}
      </Text>
    </Group>
  );
}
