import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup-tests.ts'],
    // Room for a slow first render on a busy machine (the waits inside are 15 s).
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
