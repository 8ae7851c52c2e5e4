import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 600 },
  // The API runs on PORT (default 3000); Vite proxies /api, WebSocket included.
  server: { port: 5173, proxy: { '/api': { target: `http://localhost:${process.env.PORT ?? 3000}`, ws: true } } },
});
