import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The server hosts the console under /console/ and its API under /console/api/. In `vite dev`
// the API is proxied to a running Tarmac server (TARMAC_SERVER, default localhost:8080).
const server = process.env.TARMAC_SERVER ?? 'http://localhost:8080';

export default defineConfig({
  base: '/console/',
  plugins: [react()],
  // 'hidden': maps for the server's stack resolution, never referenced or served (docs/releases.md).
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: 'hidden',
    // Each section is its own chunk (sections.tsx imports them lazily), and the bundler shares
    // what several use in chunks of their own: the chart library arrives with the first view that
    // draws one with it, never with the sign-in page, the shell or the Logs view.
  },
  server: { proxy: { '/console/api': server } },
});
