import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { dynamicComponents } from './src/dynamic/catalog';
import { dynamicComponentCatalog, dynamicEntries } from './src/dynamic/catalogPlugin';

// The server hosts the built site at its origin root and fills the <meta> placeholders.
export default defineConfig({
  base: '/',
  plugins: [react(), dynamicComponentCatalog(dynamicComponents)],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // The server resolves dynamic components against the manifest (docs/loader.md).
    manifest: true,
    rolldownOptions: { input: { index: 'index.html', hydration: 'hydration.html', ...dynamicEntries(dynamicComponents) } },
  },
});
