import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { dynamicComponents } from './src/dynamic/catalog';
import { dynamicComponentCatalog, dynamicEntries } from './src/dynamic/catalogPlugin';
import { inlineTcfStub } from './src/platform/tcfStubPlugin';

// The server hosts the built site at its origin root and fills the <meta> placeholders.
export default defineConfig({
  base: '/',
  plugins: [
    react(),
    dynamicComponentCatalog(dynamicComponents),
    // The consent head script (the CMP stub plus the handler answering from the page's consent
    // data) instead of the bare stub: tcloaded comes before the app bundle runs (docs/consent.md).
    inlineTcfStub(new URL('../../packages/platform/dist/consent-head.js', import.meta.url).pathname),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Maps without the sourceMappingURL comment: the server resolves stack frames with them and
    // refuses to serve them, so visitors never download the original source (docs/releases.md).
    sourcemap: 'hidden',
    // The server resolves dynamic components against the manifest (docs/loader.md).
    manifest: true,
    rolldownOptions: { input: { index: 'index.html', hydration: 'hydration.html', ...dynamicEntries(dynamicComponents) } },
  },
});
