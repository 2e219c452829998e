import { useMemo } from 'react';
import { Select, type ComboboxItemGroup } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { LevelsResponse } from '#shared/contracts/levels.ts';
import { LEVEL_PARAM, levelsQuery, useLevel } from './level.ts';

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

/**
 * The header's level picker for network users and internal staff: a searchable list of networks and
 * their agencies (a network may have thousands, so only the first matches are drawn). The choice is
 * kept in the `level` search parameter.
 */
export function LevelPicker() {
  const { data, isError } = useQuery(levelsQuery);
  const level = useLevel();
  const [, setParams] = useSearchParams();
  const options = useMemo(() => (data ? levelOptions(data) : []), [data]);

  return (
    <Select
      aria-label="Report level: network or agency"
      placeholder={isError ? 'Levels could not be loaded' : 'Choose a network or agency'}
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
      w={{ base: 180, md: 320 }}
      size="sm"
      disabled={!data}
    />
  );
}
