import type { LevelsResponse } from '#shared/contracts/levels.ts';
import type { SelectGroup } from '#client/components/searchable-select.tsx';

/** The level picker's texts and width, the same for its stand-in (level-picker.tsx) and its list. */
export const PICKER_LABEL = 'Report level: network or agency';
/** Wide enough on a laptop (1280 px and up) for a network's "(all agencies)" or a long agency name. */
export const PICKER_WIDTH = { base: 180, md: 320, lg: 440 };
export const pickerPlaceholder = (isError: boolean) =>
  isError ? 'Levels could not be loaded' : 'Choose a network or agency';

/** One group per network: the whole network (when selectable), then its agencies. */
export function levelOptions(
  levels: LevelsResponse,
): (SelectGroup & { items: { value: string; label: string }[] })[] {
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
