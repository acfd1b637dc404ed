import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

const entryModule = fileURLToPath(new URL('./src/main.tsx', import.meta.url));

const contractModule = /[\\/]packages[\\/]contract[\\/]/;

interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

/**
 * Names the chunk of every module a cold page load runs: the entry and
 * everything it imports statically (not what it fetches on demand). One
 * chunk compresses better and costs one request instead of a dozen small
 * shared chunks. The walk stops at the contract: its index imports all of
 * it (and zod), and where each schema goes is left to the bundler, which
 * knows which ones the cold path really uses.
 */
function coldPathChunk(name: string) {
  let coldPath: Set<string> | undefined;
  return (id: string, graph: ModuleGraph) => {
    if (!coldPath) {
      coldPath = new Set();
      const pending = [entryModule];
      for (let next = pending.pop(); next; next = pending.pop()) {
        if (coldPath.has(next) || contractModule.test(next)) continue;
        coldPath.add(next);
        pending.push(...(graph.getModuleInfo(next)?.importedIds ?? []));
      }
    }
    return coldPath.has(id) ? name : null;
  };
}

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
    // For scripts/prerender.mjs: which chunk holds a page's code loaded on demand.
    manifest: !isSsrBuild,
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
              priority: 2,
            },
            { name: coldPathChunk('app'), priority: 1 },
          ],
        },
      },
    },
  },
}));
