import { fuzzRouteGroup } from './fuzz-suite.ts';

/** Input fuzzing (fuzz-suite.ts) of the upload, mapping, manual entry, carrier and embedded-report routes. */
await fuzzRouteGroup('uploads-entry-embeds');
