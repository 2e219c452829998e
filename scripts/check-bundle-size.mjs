// Checks the JavaScript each page's first load needs against the budget (gzip), from Vite's manifest.
//
// A page's first load is the entry and its static imports, then the lazy chunks the router loads for
// it (router.tsx): the page alone for the pages outside the shell (sign-in, registration...), else the
// shell's layout and the page. Every lazy chunk of the build counts as a page inside the shell, with
// each of its own lazy imports (a dashboard's SDK), so a new page or a new eager import is checked
// without editing this file. The lazy chunks that load only when the user acts (the header's menus,
// popovers and tooltips, its dialogs: `onFirstUse` in the budget) are no first load: they are listed
// with what they add, and each must still be a lazy chunk of the build. Nor is a page's drawing
// library, which the page requests right after its first render (`afterFirstRender`: the module,
// and the packages that come only with it, e.g. Performance Charts' charts-drawing.tsx with
// @mantine/charts and recharts): it is listed with its size, must be a lazy chunk of the build
// holding those packages, and the packages must be in no other load (no first load, no part
// loaded on first use), so a page's first load neither takes the library in nor leaves it out
// unnoticed.
// Sizes are what the server sends: the .gz copies written at build time (vite.config.ts), files under
// 1 kB as they are, and gzip -9 for a build without the copies.
//
// The budget is scripts/bundle-budget.json: `targetKb` for every load, except the loads listed in
// `ceilingsKb` (by their last lazy step), which are over the target today and may not grow.
//
//   node scripts/check-bundle-size.mjs [--dir dist/client] [--json]
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** @type {{ targetKb: number, ceilingsKb: Record<string, number>, onFirstUse: string[], afterFirstRender: Record<string, string[]> }} */
const budget = JSON.parse(readFileSync(new URL('./bundle-budget.json', import.meta.url), 'utf8'));

/** The shell's layout: every page inside the shell loads it with the page. */
const SHELL_LAYOUT = 'src/client/app/app-layout.tsx';
/** The routes outside the shell (router.tsx's top level): the entry and the page only. vite.config.ts's
 * STANDALONE lists them too (what they share with the layout goes to the `shared` chunk). */
const STANDALONE_PAGES = [
  'src/client/features/auth/sign-in-page.tsx',
  'src/client/features/auth/logout-page.tsx',
  'src/client/features/profile/reset-password-page.tsx',
  'src/client/features/profile/forgot-password-page.tsx',
  'src/client/features/registration/registration-page.tsx',
];
/** Packages that must never load with the shell: each only in its own lazy chunk. */
const LAZY_ONLY = ['powerbi-client', '@sentry/'];
/** Lazy chunks that are no page: error reporting, loaded with every page only when SENTRY_DSN is set. */
const isOptional = (key) => key.includes('node_modules/@sentry/');

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 && args[at + 1] ? args[at + 1] : fallback;
};
const dir = path.resolve(option('--dir', 'dist/client'));
const targetBytes = budget.targetKb * 1000;
/**
 * A chunk's name in the budget: its manifest key, with a package's path from its `node_modules/`
 * (a worktree whose node_modules links elsewhere names it `../other/node_modules/...`).
 */
const budgetKey = (key) => key.replace(/^(?:\.\.\/)+(?:[^/]+\/)*?node_modules\//, 'node_modules/');
/** The most a load may weigh: its ceiling when it has one, else the target. */
const limitOf = (steps) => (budget.ceilingsKb[budgetKey(steps.at(-1))] ?? budget.targetKb) * 1000;

const manifestPath = path.join(dir, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`check-bundle-size: no ${manifestPath}; run npm run build:client first (build.manifest).`);
  process.exit(1);
}
/** @type {Record<string, { file: string, src?: string, name?: string, isEntry?: boolean, isDynamicEntry?: boolean, imports?: string[], dynamicImports?: string[] }>} */
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const failures = [];

const gzipSizes = new Map();
/** The bytes a browser accepting gzip receives for one file. */
function gzipSize(file) {
  let size = gzipSizes.get(file);
  if (size === undefined) {
    const full = path.join(dir, file);
    // Files under 1 kB are sent as they are (vite.config.ts compresses only bigger ones).
    const raw = statSync(full).size;
    if (existsSync(`${full}.gz`)) size = statSync(`${full}.gz`).size;
    else size = raw < 1024 ? raw : gzipSync(readFileSync(full), { level: 9 }).length;
    gzipSizes.set(file, size);
  }
  return size;
}

/** The manifest keys a chunk loads statically (itself included), added to `into`. */
function staticGraph(key, into = new Set()) {
  if (into.has(key)) return into;
  into.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticGraph(imported, into);
  return into;
}

const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry);
if (entries.length !== 1) {
  console.error(`check-bundle-size: expected one entry in the manifest, found ${entries.length}.`);
  process.exit(1);
}
const entry = entries[0];
const afterFirstRender = budget.afterFirstRender ?? {};
for (const key of [
  SHELL_LAYOUT,
  ...STANDALONE_PAGES,
  ...budget.onFirstUse,
  ...Object.keys(afterFirstRender),
]) {
  if (!manifest[key]?.isDynamicEntry) {
    failures.push(`${key} is not a lazy chunk of the build (renamed, or imported eagerly?)`);
  }
}

/**
 * Every first load: each page the router loads lazily (a dynamic import of the entry's graph) with
 * what it needs first (the shell, or nothing for the pages outside it), each lazy part of the shell
 * (dialogs opened from the header), and each page's own lazy imports (its dialogs, a dashboard SDK).
 */
function firstLoads() {
  const loads = [];
  const add = (steps, kind) => {
    const loaded = new Set();
    for (const key of steps) staticGraph(key, loaded);
    loads.push({ steps, loaded, kind });
    return loaded;
  };
  const lazyOf = (keys, except) =>
    [...new Set([...keys].flatMap((key) => manifest[key].dynamicImports ?? []))].filter(
      (key) => !except.has(key),
    );
  const entryGraph = staticGraph(entry);
  add([entry], 'entry');
  const shellSteps = [entry, SHELL_LAYOUT].filter((key) => manifest[key]);
  const shell = add(shellSteps, 'shell');
  const shellOwn = [...shell].filter((key) => !entryGraph.has(key));
  for (const key of lazyOf(shellOwn, shell)) {
    add([...shellSteps, key], 'shell part');
  }
  for (const key of lazyOf(entryGraph, new Set()).filter(isOptional)) add([entry, key], 'optional');
  for (const page of lazyOf(entryGraph, new Set([...entryGraph, SHELL_LAYOUT]))) {
    if (isOptional(page)) continue;
    const steps = STANDALONE_PAGES.includes(page) ? [entry, page] : [...shellSteps, page];
    const loaded = add(steps, 'page');
    const base = staticGraph(steps.at(-2) ?? entry, new Set(steps.length > 2 ? shell : entryGraph));
    const pageOwn = [...loaded].filter((key) => !base.has(key));
    for (const nested of lazyOf(pageOwn, loaded)) add([...steps, nested], 'page part');
  }
  return loads;
}

const jsFiles = (keys) => [
  ...new Set([...keys].map((key) => manifest[key].file).filter((file) => file.endsWith('.js'))),
];
const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
const label = (key) => (key === entry ? 'entry' : (manifest[key].src ?? manifest[key].name ?? key));
const describe = (steps) => steps.slice(1).map(label).join(' > ') || 'entry only';

const results = firstLoads()
  .map(({ steps, loaded, kind }) => {
    const files = jsFiles(loaded);
    return { steps, kind, files, bytes: files.reduce((sum, file) => sum + gzipSize(file), 0) };
  })
  .sort((a, b) => b.bytes - a.bytes);

const onFirstUse = new Set(budget.onFirstUse);
const afterRender = new Set(Object.keys(afterFirstRender));
const optional = results.filter((r) => r.kind === 'optional');
const firstUse = results.filter((r) => r.kind !== 'optional' && onFirstUse.has(r.steps.at(-1)));
const drawing = results.filter((r) => r.kind !== 'optional' && afterRender.has(r.steps.at(-1)));
const allLoads = [...results];
results.splice(
  0,
  results.length,
  ...results.filter(
    (r) => r.kind !== 'optional' && !onFirstUse.has(r.steps.at(-1)) && !afterRender.has(r.steps.at(-1)),
  ),
);
const entryBytes = results.find((r) => r.kind === 'entry')?.bytes ?? 0;
for (const result of results) {
  const limit = limitOf(result.steps);
  if (result.bytes > limit) {
    failures.push(
      `${describe(result.steps)}: ${kb(result.bytes)} (${result.files.length} files), limit ${kb(limit)}`,
    );
  }
}
const stale = Object.keys(budget.ceilingsKb).filter(
  (key) => !results.some((r) => budgetKey(r.steps.at(-1)) === key),
);
for (const key of stale)
  failures.push(`bundle-budget.json has a ceiling for ${key}, which no first load ends with`);
for (const key of onFirstUse) {
  if (!firstUse.some((r) => r.steps.at(-1) === key)) {
    failures.push(`bundle-budget.json lists ${key} as loaded on first use, but no load ends with it`);
  }
}

/** The npm packages bundled into a file, from its source map. */
function packagesIn(file) {
  const mapFile = path.join(dir, `${file}.map`);
  if (!existsSync(mapFile)) return null;
  const { sources = [] } = JSON.parse(readFileSync(mapFile, 'utf8'));
  return new Set(
    sources.map((source) => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source)?.[1]).filter(Boolean),
  );
}

// The libraries loaded after a page's first render: in their own load, and in no other.
const allFiles = new Set(allLoads.flatMap((r) => r.files));
const filePackages = new Map([...allFiles].map((file) => [file, packagesIn(file)]));
for (const [key, packages] of Object.entries(afterFirstRender)) {
  const own = drawing.filter((r) => r.steps.at(-1) === key);
  if (own.length === 0) {
    failures.push(
      `bundle-budget.json lists ${key} as loaded after the first render, but no load ends with it`,
    );
  }
  for (const pkg of packages) {
    for (const r of own) {
      if (!r.files.some((file) => filePackages.get(file)?.has(pkg))) {
        failures.push(`${pkg} is not in the load after the first render of ${describe(r.steps)}`);
      }
    }
    for (const r of allLoads.filter((load) => !own.includes(load))) {
      const file = r.files.find((f) => filePackages.get(f)?.has(pkg));
      if (file)
        failures.push(
          `${pkg} is in ${describe(r.steps)} (${file}); it must load only after ${key}'s page renders`,
        );
    }
  }
}
for (const file of allFiles) {
  // The bundler's own runtime helpers come without a source map; anything bigger must have one.
  if (
    !filePackages.get(file) &&
    statSync(path.join(dir, file)).size > 4096 &&
    Object.keys(afterFirstRender).length > 0
  ) {
    failures.push(
      `${file} has no source map: cannot tell whether it holds a library loaded after the first render`,
    );
  }
}
for (const file of jsFiles(staticGraph(SHELL_LAYOUT, staticGraph(entry)))) {
  const packages = packagesIn(file);
  if (!packages) {
    // The bundler's own runtime helpers come without a source map; anything bigger must have one.
    if (statSync(path.join(dir, file)).size > 4096) {
      failures.push(`${file} has no source map: cannot tell which packages the shell holds`);
    }
    continue;
  }
  for (const pkg of packages) {
    if (LAZY_ONLY.some((lazyOnly) => pkg === lazyOnly || pkg.startsWith(lazyOnly))) {
      failures.push(`${pkg} is in the shell (${file}); it must load only in its own lazy chunk`);
    }
  }
}

if (args.includes('--json')) {
  const loads = results.map((r) => ({
    load: describe(r.steps),
    last: r.steps.at(-1),
    gzipBytes: r.bytes,
    limitBytes: limitOf(r.steps),
    files: r.files.length,
  }));
  const onFirstUseLoads = firstUse.map((r) => ({
    load: describe(r.steps),
    last: r.steps.at(-1),
    gzipBytes: r.bytes,
    files: r.files.length,
  }));
  const afterFirstRenderLoads = drawing.map((r) => ({
    load: describe(r.steps),
    last: r.steps.at(-1),
    gzipBytes: r.bytes,
    files: r.files.length,
  }));
  console.log(
    JSON.stringify(
      { targetBytes, loads, onFirstUse: onFirstUseLoads, afterFirstRender: afterFirstRenderLoads, failures },
      null,
      2,
    ),
  );
} else {
  console.log(`JavaScript of each first load, gzip (target ${kb(targetBytes)}; ${results.length} loads):`);
  for (const result of results) {
    const limit = limitOf(result.steps);
    const mark =
      result.bytes > limit
        ? '  OVER ITS LIMIT'
        : result.bytes > targetBytes
          ? `  over target (ceiling ${kb(limit)})`
          : '';
    console.log(
      `  ${kb(result.bytes).padStart(9)} ${String(result.files.length).padStart(3)} files  ${describe(result.steps)}${mark}`,
    );
  }
  for (const result of firstUse) {
    const base = results.find((r) => r.steps.join() === result.steps.slice(0, -1).join());
    console.log(
      `  on first use, not on a first load: +${kb(result.bytes - (base?.bytes ?? entryBytes))} for ${label(result.steps.at(-1))} (over ${describe(result.steps.slice(0, -1))})`,
    );
  }
  for (const result of drawing) {
    const base = results.find((r) => r.steps.join() === result.steps.slice(0, -1).join());
    console.log(
      `  after the first render, not on a first load: +${kb(result.bytes - (base?.bytes ?? entryBytes))} for ${label(result.steps.at(-1))} with ${afterFirstRender[result.steps.at(-1)].join(', ')} (over ${describe(result.steps.slice(0, -1))}; ${kb(result.bytes)} in all)`,
    );
  }
  for (const result of optional) {
    console.log(
      `  error reporting, only with SENTRY_DSN: +${kb(result.bytes - entryBytes)} on every page (${label(result.steps.at(-1))})`,
    );
  }
}
if (failures.length > 0) {
  console.error(`\ncheck-bundle-size: ${failures.length} problem(s):\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
if (!args.includes('--json')) console.log('check-bundle-size: every first load is within its limit.');
