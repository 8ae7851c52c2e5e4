// Builds the server once into apps/server/dist/main.js (esbuild): the workspace packages (@learn/*) are
// bundled, npm packages (native better-sqlite3, pg, fastify, yaml, …) stay external and load from
// node_modules. `import.meta.url` in a bundled file keeps pointing at that file's source location (relative
// to the bundle), so paths such as the content's `courses/` folder and the web build resolve as from source.
import { readdirSync, statSync, existsSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readFile } from 'node:fs/promises';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const serverOut = join(root, 'apps/server/dist/main.js');
const sourceDirs = ['apps/server/src', 'packages/shared/src', 'packages/runner/src', 'packages/content/src'].map((d) => join(root, d));

function newestSource(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(path));
    else if (entry.name.endsWith('.ts')) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

/** True when the bundle is missing or older than any server or workspace source file. */
export function serverBuildIsStale() {
  if (!existsSync(serverOut)) return true;
  const built = statSync(serverOut).mtimeMs;
  return sourceDirs.some((d) => newestSource(d) > built);
}

const keepSourceUrls = {
  name: 'keep-source-urls',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@learn/') || args.kind === 'entry-point' ? undefined : { path: args.path, external: true },
    );
    build.onLoad({ filter: /\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      const rel = relative(dirname(serverOut), args.path).split('\\').join('/');
      const contents = source.replaceAll('import.meta.url', `new URL(${JSON.stringify(rel)}, import.meta.url).href`);
      return { contents, loader: 'ts' };
    });
  },
};

export async function buildServer() {
  const { build } = await import('esbuild');
  await build({
    entryPoints: [join(root, 'apps/server/src/main.ts')],
    outfile: serverOut,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [keepSourceUrls],
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await buildServer();
