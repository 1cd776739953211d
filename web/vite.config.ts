import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const backend = process.env.VITE_DEV_BACKEND ?? 'http://localhost:8080';
const proxied = ['^/api-[a-z]+', '^/sys', '^/user', '^/health'];

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    chunkSizeWarningLimit: 1200,
  },
  server: {
    proxy: {
      ...Object.fromEntries(proxied.map((p) => [p, { target: backend, changeOrigin: true }])),
      '^/webSocket': { target: backend, ws: true, changeOrigin: true },
    },
  },
});
