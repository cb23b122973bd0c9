import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The server hosts the built site at its origin root and fills the <meta> placeholders.
export default defineConfig({
  base: '/',
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
});
