import { PUBLIC_CONFIG_ELEMENT_ID, publicConfigSchema, type PublicConfig } from '@wifi7/contract';

/**
 * Reads the deployment's public configuration. The server embeds it in the
 * page as JSON; under the Vite dev server it is fetched from the API instead.
 */
export async function loadPublicConfig(): Promise<PublicConfig> {
  const element = document.getElementById(PUBLIC_CONFIG_ELEMENT_ID);
  if (element?.textContent) return publicConfigSchema.parse(JSON.parse(element.textContent));
  const response = await fetch('/api/public-config', { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`Configuration request failed with status ${response.status}`);
  return publicConfigSchema.parse(await response.json());
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
