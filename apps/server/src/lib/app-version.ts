import fs from 'node:fs';
import path from 'node:path';
import { findRepositoryRoot } from './repository-root';

/**
 * The product's version: the top package.json's, in the repository and in
 * the release artifact alike (npm run bundle writes it there).
 */
export const APP_VERSION: string = (() => {
  try {
    const manifest = fs.readFileSync(path.join(findRepositoryRoot(), 'package.json'), 'utf8');
    return (JSON.parse(manifest) as { version?: string }).version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
})();
