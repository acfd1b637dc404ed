import { defineConfig } from 'tsup';

// Bundles the server and the workspace contract package into dist/;
// npm dependencies stay external and are loaded from node_modules.
export default defineConfig({
  entry: { server: 'src/server.ts', catalog: 'src/cli/catalog.ts', orders: 'src/cli/orders.ts' },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  clean: true,
  noExternal: ['@wifi7/contract'],
});
