import { fuzzRouteGroup } from './fuzz-suite.ts';

/** Input fuzzing (fuzz-suite.ts) of every other route: sign-up, profile, MFA, users, admin, subscriptions and billing. */
await fuzzRouteGroup('accounts-admin-billing');
