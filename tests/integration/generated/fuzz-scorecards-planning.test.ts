import { fuzzRouteGroup } from './fuzz-suite.ts';

/** Input fuzzing (fuzz-suite.ts) of the scorecard, growth measurement, planning, levels, collaboration and network-intelligence routes. */
await fuzzRouteGroup('scorecards-planning');
