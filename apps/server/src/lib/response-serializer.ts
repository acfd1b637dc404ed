/**
 * Writes each answer by its route's response schema, as
 * fastify-type-provider-zod does, without checking our own output again.
 *
 * The zod serializer runs the whole schema over every answer (each string's
 * checks, each number's bounds) before JSON.stringify. Handlers are typed by
 * the same schemas, so here an answer is only cut down to what the schema
 * declares — keys it does not name are left out, as zod strips them, so a
 * row's extra columns never leave the server — and string transforms the
 * schema makes (`.trim()`) are applied; then JSON.stringify writes it.
 * Schemas with parts this does not know (unions, transforms, defaults,
 * records, objects that keep unknown keys) are written by the zod serializer
 * as before.
 */
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { $ZodType } from 'zod/v4/core';

/** Cuts a value down to what its schema declares. */
type Shape = (value: unknown) => unknown;

interface Def {
  type: string;
  checks?: { _zod: { def: { check: string; tx?: (value: unknown) => unknown } } }[];
  shape?: Record<string, $ZodType>;
  catchall?: $ZodType;
  element?: $ZodType;
  innerType?: $ZodType;
}

const asIs: Shape = (value) => value;

/** How to cut values of `schema` down, or undefined when only zod knows. */
export function shapeOf(schema: $ZodType): Shape | undefined {
  const def = schema._zod.def as Def;
  const overwrites = (def.checks ?? [])
    .map((check) => check._zod.def)
    .filter((check) => check.check === 'overwrite');
  if (overwrites.length > 0 && def.type !== 'string') return undefined;
  switch (def.type) {
    case 'string': {
      const transforms = overwrites.map((check) => check.tx!);
      if (transforms.length === 0) return asIs;
      return (value) => transforms.reduce((each, tx) => tx(each), value);
    }
    case 'number':
    case 'boolean':
    case 'enum':
    case 'literal':
    case 'null':
      return asIs;
    case 'nullable': {
      const inner = shapeOf(def.innerType!);
      return inner && ((value) => (value === null ? null : inner(value)));
    }
    case 'optional': {
      const inner = shapeOf(def.innerType!);
      return inner && ((value) => (value === undefined ? undefined : inner(value)));
    }
    case 'array': {
      const element = shapeOf(def.element!);
      if (!element) return undefined;
      return (value) => (value as unknown[]).map((each) => element(each));
    }
    case 'object': {
      // Strict or passthrough objects treat unknown keys otherwise: zod's own business.
      if (def.catchall) return undefined;
      const fields: [string, Shape][] = [];
      for (const [key, field] of Object.entries(def.shape!)) {
        const shape = shapeOf(field);
        if (!shape) return undefined;
        fields.push([key, shape]);
      }
      return (value) => {
        const source = value as Record<string, unknown>;
        const out: Record<string, unknown> = {};
        for (const [key, shape] of fields) {
          const each = source[key];
          if (each !== undefined) out[key] = shape(each);
        }
        return out;
      };
    }
    default:
      return undefined;
  }
}

/** Fastify's serializer compiler for the routes' zod response schemas. */
export const serializerCompiler: typeof zodSerializerCompiler = (route) => {
  const schema = zodSchemaOf(route.schema);
  const shape = schema && shapeOf(schema);
  if (!shape) return zodSerializerCompiler(route);
  return (data: unknown) => JSON.stringify(shape(data));
};

function zodSchemaOf(schema: unknown): $ZodType | undefined {
  if (schema instanceof $ZodType) return schema;
  const properties = (schema as { properties?: unknown } | undefined)?.properties;
  return properties instanceof $ZodType ? properties : undefined;
}
