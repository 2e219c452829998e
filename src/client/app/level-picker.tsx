import { useMemo } from 'react';
import { ComboboxChevron, InputBase, type ComboboxItemGroup } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { LevelsResponse } from '#shared/contracts/levels.ts';
import { deferred, useStandIn } from '#client/components/deferred.tsx';
import { levelsQuery, useLevel } from './level.ts';

export const PICKER_LABEL = 'Report level: network or agency';
/** Wide enough on a laptop (1280 px and up) for a network's "(all agencies)" or a long agency name. */
export const PICKER_WIDTH = { base: 180, md: 320, lg: 440 };
export const pickerPlaceholder = (isError: boolean) =>
  isError ? 'Levels could not be loaded' : 'Choose a network or agency';

/** One group per network: the whole network (when selectable), then its agencies. */
export function levelOptions(levels: LevelsResponse): ComboboxItemGroup<{ value: string; label: string }>[] {
  return levels.networks.map((network) => ({
    group: network.name,
    items: [
      ...(network.selectable ? [{ value: network.uuid, label: `${network.name} (all agencies)` }] : []),
      ...network.agencies.map((agency) => ({
        value: agency.uuid,
        label: `${agency.name} - ${agency.city} - ${agency.state}`,
      })),
    ],
  }));
}

const pickerPart = deferred(() => import('./level-picker-part.tsx'));

/**
 * The header's level picker for network users and internal staff: a searchable list of networks and
 * their agencies (a network may have thousands, so only the first matches are drawn). The choice is
 * kept in the `level` search parameter. Until the list (level-picker-part.tsx, Mantine's combobox)
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
