import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// `pnpm dev:web` proxies the API of a running service (API_URL, the embedded default's port by
// default), so the apps talk to it same-origin, cookies and WebSocket included.
const apiUrl = process.env.API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
  // The client is bundled from its TypeScript sources, as the tests resolve it.
  resolve: { conditions: ['@trx-shop/source', 'browser', 'module', 'import', 'default'] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Both apps' HTML are entries: their bundles are separate, hashed, under dist/assets/.
    rollupOptions: {
      input: { storefront: here('index.html'), admin: here('admin/index.html') },
    },
  },
  server: {
    proxy: {
      '/api': { target: apiUrl, changeOrigin: false, ws: true },
    },
  },
});
