import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** What the server sends compressed: text files (source maps are for developers, left as they are). */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
/** Below this, compression saves less than its headers cost. */
const MIN_BYTES = 1024;

/** The files under `dir`, leaving out dot folders (Vite's .vite/manifest.json is not served). */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter(
      (file) =>
        !path
          .relative(dir, file)
          .split(path.sep)
          .some((part) => part.startsWith('.')),
    );
}

/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside each text file of the build, once, at the best
 * ratio; the server sends them with `preCompressed` (src/server/app.ts), so no request compresses.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'understanding:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await filesUnder(outDir)).filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(
        files.map(async (file) => {
          const content = await readFile(file);
          if (content.length < MIN_BYTES) return;
          const [br, gz] = await Promise.all([
            brotli(content, {
              params: {
                [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
                [zlibConstants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
            gzipAsync(content, { level: zlibConstants.Z_BEST_COMPRESSION }),
          ]);
          if (br.length < content.length) await writeFile(`${file}.br`, br);
          if (gz.length < content.length) await writeFile(`${file}.gz`, gz);
        }),
      );
    },
  };
}

/** zod's JSON Schema generator: the server's OpenAPI document uses it, the browser never does. */
const ZOD_JSON_SCHEMA = /[\\/]zod[\\/]v4[\\/]core[\\/](json-schema-processors|to-json-schema)\.js$/;
const STUB_PREFIX = '\0zod-json-schema-stub:';

/**
 * Leaves zod's JSON Schema generator out of the client (about 5 kB gzip on every page): each of its
 * two modules is replaced by one with the same exports that throw if called, except
 * `aggregateChecks` (schema getters such as `minLength` read it), taken from the real module. A
 * zod upgrade that imports a name the stub lacks fails the build rather than the browser.
 */
function zodWithoutJsonSchema(): Plugin {
  return {
    name: 'understanding:zod-without-json-schema',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer || importer.startsWith(STUB_PREFIX) || !source.endsWith('.js')) return null;
      const resolved = path.resolve(path.dirname(importer), source);
      return ZOD_JSON_SCHEMA.test(resolved) ? STUB_PREFIX + resolved : null;
    },
    async load(id) {
      if (!id.startsWith(STUB_PREFIX)) return null;
      const real = id.slice(STUB_PREFIX.length);
      const source = await readFile(real, 'utf8');
      const names = new Set(
        [...source.matchAll(/^export (?:const|function|class|async function) (\w+)/gm)].map((m) => m[1]!),
      );
      for (const m of source.matchAll(/^export \{([^}]*)\}/gm)) {
        for (const part of m[1]!.split(','))
          names.add(
            part
              .trim()
              .split(/\s+as\s+/)
              .at(-1)!,
          );
      }
      const lines = [
        'const unavailable = () => { throw new Error("zod JSON Schema is not generated in the browser"); };',
      ];
      for (const name of names) {
        lines.push(
          name === 'aggregateChecks'
            ? `export { aggregateChecks } from ${JSON.stringify(real)};`
            : `export const ${name} = unavailable;`,
        );
      }
      return lines.join('\n');
    },
  };
}

/**
 * Two Mantine modules import a whole library for one small piece, which then loads with every page
 * that shows them (docs/ARCHITECTURE.md, First load). Each such import is given a module with the
 * same export, taken from a lighter place; every other importer gets the real library:
 * - ScrollArea (in every Table) imports `useMergeRefs` from `@floating-ui/react`: the whole of
 *   Floating UI (about 15 kB gzip) came with every table. Mantine's own `useMergedRef` does the same.
 * - the AppShell's header, footer and aside read `RemoveScroll.classNames.zeroRight` from
 *   `react-remove-scroll`: its whole scroll lock (about 4 kB) came with the shell. The class names are
 *   the constants of `react-remove-scroll-bar`, which the scroll lock itself uses.
 */
const LIGHTER_IMPORTS: { source: string; importer: RegExp; id: string; code: string }[] = [
  {
    source: '@floating-ui/react',
    importer: /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]ScrollArea[\\/]ScrollArea\.mjs$/,
    id: '\0lighter:merge-refs',
    code: [
      "import { useMergedRef } from '@mantine/hooks';",
      'export const useMergeRefs = (refs) => useMergedRef(...refs);',
    ].join('\n'),
  },
  {
    source: 'react-remove-scroll',
    importer:
      /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]AppShell[\\/]AppShell(?:Header|Footer|Aside)[\\/][^\\/]+\.mjs$/,
    id: '\0lighter:remove-scroll-class-names',
    code: [
      "import { fullWidthClassName, zeroRightClassName } from 'react-remove-scroll-bar/constants';",
      'export const RemoveScroll = { classNames: { fullWidth: fullWidthClassName, zeroRight: zeroRightClassName } };',
    ].join('\n'),
  },
];

function lighterImports(): Plugin {
  return {
    name: 'understanding:lighter-imports',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer) return null;
      return LIGHTER_IMPORTS.find((it) => it.source === source && it.importer.test(importer))?.id ?? null;
    },
    load(id) {
      return LIGHTER_IMPORTS.find((it) => it.id === id)?.code ?? null;
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress(), zodWithoutJsonSchema(), lighterImports()],
  publicDir: 'public',
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: true,
    // scripts/check-bundle-size.mjs reads it: each page's first load against the 200 kB gzip budget.
    manifest: true,
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry needs before the first page (React, the router, TanStack Query, zod,
          // Mantine's provider, the route table) in one file: one request, and better compression
          // than the dozen small chunks automatic splitting makes of it. Pages stay split.
          groups: [{ name: 'shell', tags: ['$initial'], priority: 1 }],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/akpi-env': 'http://localhost:3000' },
  },
});
