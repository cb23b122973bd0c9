import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The server hosts the console under /console/ and its API under /console/api/. In `vite dev`
// the API is proxied to a running Tarmac server (TARMAC_SERVER, default localhost:8080).
const server = process.env.TARMAC_SERVER ?? 'http://localhost:8080';

// React itself stays with the entry, which needs it first; every other library the console
// bundles is there for recharts (d3 scales and shapes, redux, victory-vendor…).
const shellLibraries = /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/;
const isChartModule = (id: string) =>
  /[\\/]src[\\/]charts[\\/]/.test(id) || (/[\\/]node_modules[\\/]/.test(id) && !shellLibraries.test(id));

export default defineConfig({
  base: '/console/',
  plugins: [react()],
  // 'hidden': maps for the server's stack resolution, never referenced or served (docs/releases.md).
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: 'hidden',
    // Each section is its own chunk (sections.tsx imports them lazily). The chart library and
    // the console's chart helpers, shared by most sections, go to one "charts" chunk fetched with
    // the first section that draws a chart, never with the sign-in page or the shell.
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Not recursive: recharts imports React, which must stay in the entry.
          includeDependenciesRecursively: false,
          groups: [{ name: 'charts', test: (id) => isChartModule(id) }],
        },
      },
    },
  },
  server: { proxy: { '/console/api': server } },
});
