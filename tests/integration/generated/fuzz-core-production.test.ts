import { fuzzRouteGroup } from './fuzz-suite.ts';

/** Input fuzzing (fuzz-suite.ts) of the Carrier Production routes. */
await fuzzRouteGroup('core-production');
