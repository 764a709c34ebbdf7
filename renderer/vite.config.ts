// Builds the renderer into renderer/dist, served by the app host at /app/.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/app/',
  plugins: [react()],
  build: {
    outDir: 'dist', emptyOutDir: true, sourcemap: true, chunkSizeWarningLimit: 2000,
    // `npm start` builds on the writer's machine: a slow build's plugin-timing advice is for us, not for them.
    rolldownOptions: { checks: { bundlerTimings: false } },
  },
});
