import { fuzzRouteGroup } from './fuzz-suite.ts';

/** Input fuzzing (fuzz-suite.ts) of the scorecard, growth measurement, planning, levels and collaboration routes. */
await fuzzRouteGroup('scorecards-planning');
