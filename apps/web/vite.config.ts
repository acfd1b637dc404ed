import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

// The production build is served by the API server, which embeds the public
// configuration in index.html. `vite` (development) proxies /api to it.
// Scripts and styles are also written brotli- and gzip-compressed at build
// time, so the server sends them small without compressing per request.
export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    compression({
      include: /\.(js|css|svg|txt)$/,
      threshold: 1024,
      algorithms: ['brotliCompress', 'gzip'],
    }),
  ],
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    // Maps for reading production stack traces, without pointing browsers at them.
    sourcemap: 'hidden',
    target: 'es2022',
  },
});
