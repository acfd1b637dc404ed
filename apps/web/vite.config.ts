import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

// The production build is served by the API server, which embeds the public
// configuration in index.html. `vite` (development) proxies /api to it.
// Scripts and styles are also written brotli- and gzip-compressed at build
// time, so the server sends them small without compressing per request.
// The second, server-side build (`--ssr src/prerender.tsx`) only feeds
// scripts/prerender.mjs, which writes the prerendered pages.
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    tailwindcss(),
    !isSsrBuild &&
      compression({
        include: /\.(js|css|svg|txt)$/,
        threshold: 1024,
        algorithms: ['brotliCompress', 'gzip'],
      }),
  ],
  define: {
    // The copyright year a prerendered page shows (the browser then shows its own).
    'import.meta.env.VITE_BUILD_YEAR': JSON.stringify(String(new Date().getFullYear())),
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    // Maps for reading production stack traces, without pointing browsers at them.
    sourcemap: isSsrBuild ? false : 'hidden',
    target: 'es2022',
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // src/lib/zod-jitless.ts with zod itself: every chunk that makes
              // a schema imports this one, so zod is told not to use eval
              // (which the CSP forbids) before the first schema is made.
              name: 'zod',
              test: /[\\/]src[\\/]lib[\\/]zod-jitless\.ts$/,
            },
          ],
        },
      },
    },
  },
}));
