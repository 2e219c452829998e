import { useMemo } from 'react';
import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTakeOver, type Activation } from '#client/components/deferred.tsx';
import { LEVEL_PARAM, levelsQuery, useLevel } from './level.ts';
import { levelOptions, PICKER_LABEL, pickerPlaceholder, PICKER_WIDTH } from './level-picker.tsx';

/** The level picker's searchable list (level-picker.tsx draws its field until this part has loaded). */
export function LevelPickerPart({ activation }: { activation: Activation }) {
  const target = useTakeOver<HTMLInputElement>(activation);
  const { data, isError } = useQuery(levelsQuery);
  const level = useLevel();
  const [, setParams] = useSearchParams();
  const options = useMemo(() => (data ? levelOptions(data) : []), [data]);

  return (
    <Select
      ref={target}
      aria-label={PICKER_LABEL}
      placeholder={pickerPlaceholder(isError)}
      data={options}
      value={level ?? null}
      onChange={(value) => {
        if (!value) return;
        setParams((params) => {
          params.set(LEVEL_PARAM, value);
          return params;
        });
      }}
      searchable
      limit={50}
      allowDeselect={false}
      nothingFoundMessage="No network or agency matches"
      maxDropdownHeight={360}
      comboboxProps={{ width: 420, position: 'bottom-start' }}
      w={PICKER_WIDTH}
      size="sm"
      disabled={!data}
    />
  );
}
