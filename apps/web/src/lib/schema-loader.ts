import type * as onDemandSchemas from './on-demand-schemas';

type OnDemandSchemas = typeof onDemandSchemas;

/** Loads one of the on-demand schemas (./on-demand-schemas.ts) when it is first needed. */
export function schemaOf<K extends keyof OnDemandSchemas>(
  name: K,
): () => Promise<OnDemandSchemas[K]> {
  return () => import('./on-demand-schemas').then((schemas) => schemas[name]);
}
