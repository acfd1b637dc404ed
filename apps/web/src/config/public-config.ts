import { PUBLIC_CONFIG_ELEMENT_ID, type PublicConfig } from '@wifi7/contract';
import { schemaOf } from '../lib/schema-loader';

/**
 * Reads the deployment's public configuration. The server embeds it in the
 * page as JSON, written with the page by the server of this same build
 * (which checked it against the contract), so it is taken as it is; under
 * the Vite dev server it is fetched from the API instead, and checked.
 */
export async function loadPublicConfig(): Promise<PublicConfig> {
  const element = document.getElementById(PUBLIC_CONFIG_ELEMENT_ID);
  if (element?.textContent) return JSON.parse(element.textContent) as PublicConfig;
  const response = await fetch('/api/public-config', { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`Configuration request failed with status ${response.status}`);
  return (await schemaOf('publicConfigSchema')()).parse(await response.json());
}

// The configuration is loaded once, before the first render, and never
// changes afterwards; a module-level value spares every component a provider.
let current: PublicConfig | undefined;

export function setPublicConfig(config: PublicConfig): void {
  current = config;
}

export function getPublicConfig(): PublicConfig {
  if (!current) throw new Error('Public configuration not loaded yet');
  return current;
}
