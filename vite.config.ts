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
      // One function under every name: each schema type refers to its own processor, and a constant
      // per name would weigh on every page.
      const stubbed = [...names].filter((name) => name !== 'aggregateChecks');
      const lines = [
        'function unavailable() { throw new Error("zod JSON Schema is not generated in the browser"); }',
        `export { ${stubbed.map((name) => `unavailable as ${name}`).join(', ')} };`,
      ];
      if (names.has('aggregateChecks')) {
        lines.push(`export { aggregateChecks } from ${JSON.stringify(real)};`);
      }
      return lines.join('\n');
    },
  };
}

/** The barrels whose imports `directImports` rewrites: name -> the module that defines it. */
const BARRELS = ['@mantine/core', '@mantine/hooks'];

/** A barrel's exports, from its `import { a, b as c } from "./x.mjs"` lines and closing `export { ... }`. */
async function barrelExports(barrel: string): Promise<Map<string, { file: string; name: string }>> {
  const file = path.resolve('node_modules', barrel, 'esm/index.mjs');
  const source = await readFile(file, 'utf8');
  const local = new Map<string, { file: string; name: string }>();
  for (const m of source.matchAll(/^import \{([^}]*)\} from "(\.[^"]+)";$/gm)) {
    for (const part of m[1]!.split(',')) {
      const [name, alias = name] = part.trim().split(/\s+as\s+/) as [string, string?];
      if (name) local.set(alias, { file: path.resolve(path.dirname(file), m[2]!), name });
    }
  }
  const exports = new Map<string, { file: string; name: string }>();
  for (const m of source.matchAll(/^export \{([^}]*)\};?$/gm)) {
    for (const part of m[1]!.split(',')) {
      const [name, alias = name] = part.trim().split(/\s+as\s+/) as [string, string?];
      const found = name ? local.get(name) : undefined;
      if (found) exports.set(alias, found);
    }
  }
  return exports;
}

/**
 * Imports Mantine's components from their own modules instead of the package's barrel (same code
 * in the build: tree shaking keeps the same parts). Without the barrel, the module graph says what
 * each page really needs, which `layoutChunk` reads. A name the barrel does not define directly
 * stays on the barrel import.
 */
function directImports(): Plugin {
  let maps: Map<string, Map<string, { file: string; name: string }>> | undefined;
  return {
    name: 'understanding:direct-imports',
    apply: 'build',
    enforce: 'pre',
    async transform(code, id) {
      if (!/[\\/]src[\\/]client[\\/].*\.tsx?$/.test(id) || !code.includes("from '@mantine/")) return null;
      maps ??= new Map(await Promise.all(BARRELS.map(async (b) => [b, await barrelExports(b)] as const)));
      let changed = false;
      const out = code.replace(
        /^import \{([^}]*)\} from '(@mantine\/(?:core|hooks))';$/gm,
        (whole, names: string, barrel: string) => {
          const map = maps!.get(barrel)!;
          const types: string[] = [];
          const kept: string[] = [];
          const direct: string[] = [];
          for (const raw of names.split(',')) {
            const part = raw.trim();
            if (!part) continue;
            if (part.startsWith('type ')) {
              types.push(part.slice('type '.length));
              continue;
            }
            const [name, alias = name] = part.split(/\s+as\s+/) as [string, string?];
            const found = map.get(name);
            if (!found) kept.push(part);
            else direct.push(`import { ${found.name} as ${alias} } from ${JSON.stringify(found.file)};`);
          }
          if (direct.length === 0) return whole;
          changed = true;
          // On as many lines as the import had, so the source map still matches. Types are imported
          // as types: an `import { type X }` left behind would still load the barrel.
          const lines = whole.split('\n').length - 1;
          const imports = [
            ...(types.length ? [`import type { ${types.join(', ')} } from '${barrel}';`] : []),
            ...(kept.length ? [`import { ${kept.join(', ')} } from '${barrel}';`] : []),
            ...direct,
          ];
          return imports.join(' ') + '\n'.repeat(lines);
        },
      );
      return changed ? { code: out, map: null } : null;
    },
  };
}

/** The shell's layout (router.tsx): every page inside the shell loads it with the page. */
const LAYOUT = path.resolve('src/client/app/app-layout.tsx');
/** The routes outside the shell (router.tsx's top level; scripts/check-bundle-size.mjs lists them too). */
const STANDALONE = [
  'src/client/features/auth/sign-in-page.tsx',
  'src/client/features/auth/logout-page.tsx',
  'src/client/features/profile/reset-password-page.tsx',
  'src/client/features/profile/forgot-password-page.tsx',
  'src/client/features/registration/registration-page.tsx',
].map((file) => path.resolve(file));
/** Filled at the end of the module graph: the modules only the shell's layout loads first. */
const layoutModules = new Set<string>();
/** ... and those the pages outside the shell load too. */
const sharedModules = new Set<string>();

/**
 * The layout's own modules in one chunk. Left to automatic splitting, each module the layout shares
 * with some set of pages gets a chunk of its own (about 30 small files, 35 kB gzip one by one, 26 kB
 * in one). Every page inside the shell loads the layout anyway, so what it shares with them can come
 * with it. Not taken: what the entry loads, and what a page outside the shell (sign-in, registration)
 * also loads, which stays in the shared chunks those pages load without the layout.
 */
function layoutChunk(): Plugin {
  return {
    name: 'understanding:layout-chunk',
    apply: 'build',
    buildEnd() {
      const closure = (roots: string[], into = new Set<string>()) => {
        const stack = [...roots];
        while (stack.length > 0) {
          const id = stack.pop()!;
          if (into.has(id)) continue;
          into.add(id);
          stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
        return into;
      };
      const entries = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
      const entry = closure(entries);
      const standalone = closure(STANDALONE);
      layoutModules.clear();
      sharedModules.clear();
      for (const id of closure([LAYOUT])) {
        if (entry.has(id) || id === LAYOUT) continue;
        (standalone.has(id) ? sharedModules : layoutModules).add(id);
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress(), zodWithoutJsonSchema(), directImports(), layoutChunk()],
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
          groups: [
            { name: 'shell', tags: ['$initial'], priority: 1 },
            { name: 'layout', test: (id) => layoutModules.has(id), includeDependenciesRecursively: false },
            { name: 'shared', test: (id) => sharedModules.has(id), includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/akpi-env': 'http://localhost:3000' },
  },
});
