import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

/** Where `npm run dev:web` sends API calls: the server that `npm run dev` runs. */
const API = process.env.API_URL ?? 'http://localhost:8080';
const proxied = ['/oidc', '/data', '/auth', '/files', '/app-config.json', '/healthz', '/Af1800.pdf'];

export default defineConfig({
  // Which build this is: rows one build could not read are fetched again by the next (src/app-build.ts).
  define: { __APP_BUILD__: JSON.stringify(new Date().toISOString()) },
  plugins: [
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      // public/manifest.webmanifest is the website's manifest (index.html links it), inspect.webmanifest the inspection app's.
      manifest: false,
      injectRegister: false,
      injectManifest: {
        // `js` and `css` take in every lazily loaded screen chunk (src/app/routes.tsx), so every screen opens offline.
        globPatterns: ['**/*.{js,mjs,css,html,svg,png,webmanifest,woff2}'],
        // The pdf.js worker is large; it must be precached for offline PDFs.
        maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
      },
    }),
  ],
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 2000,
    rolldownOptions: {
      // Two pages of one build: the website, and the inspection app with its own manifest (src/inspect).
      input: { main: 'index.html', inspect: 'inspect.html' },
      output: {
        codeSplitting: {
          // Screens are lazy chunks (src/app/routes.tsx), so the modules the page needs at start spread
          // over several chunks, and a chunk runs before the entry that imports it, out of import order.
          // src/zod-jitless.ts must run before any schema is built (else zod probes `new Function`, a
          // CSP violation): it goes in zod's own chunk, which runs before every chunk that uses zod.
          groups: [{ name: 'zod', test: /node_modules[\\/]zod[\\/]|[\\/]src[\\/]zod-jitless\.ts$/ }],
        },
      },
    },
  },
  worker: { format: 'es' },
  server: {
    port: 5173,
    proxy: {
      ...Object.fromEntries(proxied.map((p) => [p, { target: API, changeOrigin: false }])),
      '/stream': { target: API, ws: true },
    },
  },
});
