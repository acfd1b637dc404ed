import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';

const entryModule = fileURLToPath(new URL('./src/main.tsx', import.meta.url));

const sourceFolder = fileURLToPath(new URL('./src/', import.meta.url));

interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

/**
 * Names the chunk of the app's own modules that a cold page load runs: the
 * entry and every module of src/ it imports statically (not what it fetches
 * on demand). One chunk compresses better and costs one request instead of
 * a dozen small shared ones. Packages and the contract are left where the
 * bundler puts them: their indexes import far more than the cold path
 * uses, and capturing those would move code the on-demand chunks need
 * into the first load.
 */
function coldPathChunk(name: string) {
  let coldPath: Set<string> | undefined;
  return (id: string, graph: ModuleGraph) => {
    if (!coldPath) {
      coldPath = new Set();
      const pending = [entryModule];
      for (let next = pending.pop(); next; next = pending.pop()) {
        if (coldPath.has(next) || !next.startsWith(sourceFolder)) continue;
        coldPath.add(next);
        pending.push(...(graph.getModuleInfo(next)?.importedIds ?? []));
      }
    }
    return coldPath.has(id) ? name : null;
  };
}

/**
 * Each build's own name. The app carries it, and the build leaves it in
 * dist/build-id for the server, which names it on every answer
 * (WEB_BUILD_HEADER): answers from a server of the app's own build need no
 * second check (src/lib/answer-check.ts).
 */
const webBuild = randomUUID();

function writeBuildId(): Plugin {
  return {
    name: 'write-build-id',
    apply: 'build',
    generateBundle() {
      if (this.environment.config.build.ssr) return;
      this.emitFile({ type: 'asset', fileName: 'build-id', source: webBuild });
    },
  };
}

// The production build is served by the API server, which embeds the public
// configuration in index.html. `vite` (development) proxies /api to it.
// Scripts and styles are also written brotli- and gzip-compressed at build
// time, so the server sends them small without compressing per request.
// The second, server-side build (`--ssr src/prerender.tsx`) only feeds
// scripts/prerender.mjs, which writes the prerendered pages.
export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [
    react(),
    tailwindcss(),
    writeBuildId(),
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
    // Only a production build has a name; in development every answer is checked.
    'import.meta.env.VITE_WEB_BUILD': JSON.stringify(command === 'build' ? webBuild : ''),
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
    // Every browser the site supports knows modulepreload; one without it
    // only loads a later chunk a little later, so no polyfill on the first page.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // Making a zod schema has no effect beyond the schema: one no code uses
      // is dropped, so a module read for a constant does not bring its schemas.
      treeshake: { manualPureFunctions: ['z'] },
      output: {
        codeSplitting: {
          groups: [{ name: coldPathChunk('app'), debugName: 'app', priority: 1 }],
        },
      },
    },
  },
}));
