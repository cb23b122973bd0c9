import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The server hosts the console under /console/ and its API under /console/api/. In `vite dev`
// the API is proxied to a running Tarmac server (TARMAC_SERVER, default localhost:8080).
const server = process.env.TARMAC_SERVER ?? 'http://localhost:8080';

export default defineConfig({
  base: '/console/',
  plugins: [react()],
  // 'hidden': maps for the server's stack resolution, never referenced or served (docs/releases.md).
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: 'hidden' },
  server: { proxy: { '/console/api': server } },
});
