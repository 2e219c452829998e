/**
 * The screen's state in the URL, so a link reproduces the view: `timeframe` (spec part 1 §3 codes),
 * `view`, `line`, `types`, `composite`, `q` and `hideIncomplete`. Other parameters (the report
 * level) are left alone. Each change is a pure function of the current parameters.
 */
import type { BroadLineCode } from '#shared/contracts/production.ts';
import { resolveTimeframe, type CalendarDay, type Timeframe } from '#shared/domain/timeframe.ts';
import type { CarrierComposite } from '#shared/domain/carrier-composite.ts';
import { isBroadLineCode, TOTAL_LINE, type ProductionView } from './production-model.ts';

export const PARAM = {
  timeframe: 'timeframe',
  view: 'view',
  line: 'line',
  types: 'types',
  composite: 'composite',
  search: 'q',
  hideIncomplete: 'hideIncomplete',
} as const;

export type ProductionState = {
  timeframe: Timeframe;
  view: ProductionView;
  line: BroadLineCode;
  /** Applied standard types; always empty for the total. */
  standardTypes: string[];
  composite: CarrierComposite;
  search: string;
  hideIncomplete: boolean;
};

export function readProductionState(params: URLSearchParams, today: CalendarDay): ProductionState {
  const lineParam = params.get(PARAM.line);
  const line = isBroadLineCode(lineParam) ? lineParam : TOTAL_LINE;
  const composite = params.get(PARAM.composite);
  return {
    timeframe: resolveTimeframe(params.get(PARAM.timeframe), today),
    view: params.get(PARAM.view) === 'agencies' ? 'agencies' : 'carriers',
    line,
    standardTypes:
      line === TOTAL_LINE
        ? []
        : [
            ...new Set(
              (params.get(PARAM.types) ?? '')
                .split(',')
                .map((code) => code.trim())
                .filter(Boolean),
            ),
          ],
    composite: composite === 'carriers' || composite === 'wholesalers' ? composite : 'all',
    search: params.get(PARAM.search) ?? '',
    hideIncomplete: params.get(PARAM.hideIncomplete) === 'true',
  };
}

type Change = (params: URLSearchParams) => URLSearchParams;

const edit =
  (apply: (params: URLSearchParams) => void): Change =>
  (current) => {
    const next = new URLSearchParams(current);
    apply(next);
    return next;
  };

/** Spec part 1 §4: a new timeframe resets the line to Total, clears the types and the carrier group. */
export const changeTimeframe = (timeframe: Pick<Timeframe, 'code'>): Change =>
  edit((p) => {
    p.set(PARAM.timeframe, timeframe.code);
    p.delete(PARAM.line);
    p.delete(PARAM.types);
    p.delete(PARAM.composite);
  });

export const changeView = (view: ProductionView): Change =>
  edit((p) => (view === 'carriers' ? p.delete(PARAM.view) : p.set(PARAM.view, view)));

/** Standard types belong to a line, so a new line clears them. */
export const changeLine = (line: BroadLineCode): Change =>
  edit((p) => {
    if (line === TOTAL_LINE) p.delete(PARAM.line);
    else p.set(PARAM.line, line);
    p.delete(PARAM.types);
  });

/** Spec part 1 §5: an empty selection resets the filter. */
export const applyStandardTypes = (types: readonly string[]): Change =>
  edit((p) => (types.length === 0 ? p.delete(PARAM.types) : p.set(PARAM.types, types.join(','))));

export const changeComposite = (composite: CarrierComposite): Change =>
  edit((p) => (composite === 'all' ? p.delete(PARAM.composite) : p.set(PARAM.composite, composite)));

export const changeSearch = (search: string): Change =>
  edit((p) => (search ? p.set(PARAM.search, search) : p.delete(PARAM.search)));

export const changeHideIncomplete = (hide: boolean): Change =>
  edit((p) => (hide ? p.set(PARAM.hideIncomplete, 'true') : p.delete(PARAM.hideIncomplete)));
