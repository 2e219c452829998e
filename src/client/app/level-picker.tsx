import { useMemo } from 'react';
import { ComboboxChevron, InputBase } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { deferred, useStandIn } from '#client/components/deferred.tsx';
import { levelsQuery, useLevel } from './level.ts';
import { levelOptions, PICKER_LABEL, pickerPlaceholder, PICKER_WIDTH } from './level-options.ts';

const pickerPart = deferred(() => import('./level-picker-part.tsx'));

/**
 * The header's level picker for network users and internal staff: a searchable list of networks and
 * their agencies (a network may have thousands, so only the first matches are drawn). The choice is
 * kept in the `level` search parameter. Until the list (level-picker-part.tsx, the app's SearchableSelect)
 * loads, on the first pointing at or focusing of the field, the field shows the chosen level.
 */
export function LevelPicker() {
  const { module, activation, standInProps } = useStandIn(pickerPart);
  const { data, isError } = useQuery(levelsQuery);
  const level = useLevel();
  const label = useMemo(
    () =>
      data
        ? levelOptions(data)
            .flatMap((group) => group.items)
            .find((item) => item.value === level)?.label
        : undefined,
    [data, level],
  );

  if (module) return <module.LevelPickerPart activation={activation} />;
  return (
    <InputBase
      aria-label={PICKER_LABEL}
      placeholder={pickerPlaceholder(isError)}
      value={label ?? ''}
      readOnly
      role="combobox"
      aria-haspopup="listbox"
      aria-expanded={false}
      aria-autocomplete="list"
      rightSection={<ComboboxChevron size="sm" />}
      rightSectionPointerEvents="none"
      w={PICKER_WIDTH}
      title={label}
      size="sm"
      disabled={!data}
      {...standInProps}
    />
  );
}
