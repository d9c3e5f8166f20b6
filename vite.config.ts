/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  root: 'web',
  publicDir: 'public',
  plugins: [react()],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    manifest: true,
    sourcemap: false,
    // The spec's script chunk time-out is generous (120 s); chunks stay small instead.
    chunkSizeWarningLimit: 600,
  },
  // `npm run dev` (scripts/dev.mjs) runs the API server beside this one and names its address.
  server: {
    port: 5173,
    proxy: { '/api': process.env.TABLEFLOW_API_URL ?? 'http://localhost:3000' },
  },
});
