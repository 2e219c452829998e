import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTakeOver, type Activation } from '#client/components/deferred.tsx';
import { SearchableSelect } from '#client/components/searchable-select.tsx';
import { LEVEL_PARAM, levelsQuery, useLevel } from './level.ts';
import { levelOptions, PICKER_LABEL, pickerPlaceholder, PICKER_WIDTH } from './level-options.ts';

/** The level picker's searchable list (level-picker.tsx draws its field until this part has loaded). */
export function LevelPickerPart({ activation }: { activation: Activation }) {
  const target = useTakeOver<HTMLInputElement>(activation);
  const { data, isError } = useQuery(levelsQuery);
  const level = useLevel();
  const [, setParams] = useSearchParams();
  const options = useMemo(() => (data ? levelOptions(data) : []), [data]);
  const label = useMemo(
    () => options.flatMap((group) => group.items).find((item) => item.value === level)?.label,
    [options, level],
  );

  return (
    <SearchableSelect
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
      limit={50}
      allowDeselect={false}
      nothingFoundMessage="No network or agency matches"
      maxDropdownHeight={360}
      w={PICKER_WIDTH}
      title={label}
      size="sm"
      disabled={!data}
    />
  );
}
