import fs from 'node:fs';

export default function globalTeardown() {
  const dir = process.env.E2E_PGLITE_DIR;
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
}
