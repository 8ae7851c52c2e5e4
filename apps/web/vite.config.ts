import { copyFileSync, createReadStream, existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/** The Pyodide files the in-browser Python runner loads: no CDN, so it works offline. */
const PYODIDE_FILES = ['pyodide.mjs', 'pyodide.asm.js', 'pyodide.asm.wasm', 'python_stdlib.zip', 'pyodide-lock.json'];
const pyodideDir = dirname(createRequire(import.meta.url).resolve('pyodide/package.json'));
const mimeTypes: Record<string, string> = {
  mjs: 'text/javascript',
  js: 'text/javascript',
  wasm: 'application/wasm',
  zip: 'application/zip',
  json: 'application/json',
};

/** Serves Pyodide at /pyodide/ in development and copies it into dist/pyodide at build time. */
function pyodideFiles(): Plugin {
  let outDir = 'dist';
  return {
    name: 'learn-pyodide-files',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    configureServer(server) {
      server.middlewares.use('/pyodide', (req, res, next) => {
        const name = (req.url ?? '').replace(/^\//, '').split('?')[0]!;
        if (!PYODIDE_FILES.includes(name)) return next();
        res.setHeader('content-type', mimeTypes[name.split('.').pop()!] ?? 'application/octet-stream');
        createReadStream(join(pyodideDir, name)).pipe(res);
      });
    },
    writeBundle() {
      const target = join(outDir, 'pyodide');
      mkdirSync(target, { recursive: true });
      for (const name of PYODIDE_FILES) {
        if (!existsSync(join(pyodideDir, name))) throw new Error(`pyodide: ${name} is missing from ${pyodideDir}`);
        copyFileSync(join(pyodideDir, name), join(target, name));
      }
    },
  };
}

// Cross-origin isolation lets the Python worker block on SharedArrayBuffer for input() (the server sends the same).
const isolation = { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' };

export default defineConfig({
  plugins: [react(), pyodideFiles()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 600 },
  worker: { format: 'es' },
  // The API runs on PORT (default 3000); Vite proxies /api, WebSocket included.
  server: {
    port: 5173,
    headers: isolation,
    proxy: { '/api': { target: `http://localhost:${process.env.PORT ?? 3000}`, ws: true } },
  },
  preview: { headers: isolation },
});
