import {
  pricingResponseSchema,
  scheduleResponseSchema,
  workshopListResponseSchema,
} from '@wifi7/contract';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serializerCompiler, shapeOf } from './response-serializer';

const compile = (schema: z.ZodType) =>
  serializerCompiler({ schema, method: 'GET', url: '/test', httpStatus: '200' });
const compileWithZod = (schema: z.ZodType) =>
  zodSerializerCompiler({ schema, method: 'GET', url: '/test', httpStatus: '200' });

describe('the response serializer', () => {
  it('writes what the zod serializer writes for the buyers’ catalog answers', () => {
    const answers: [z.ZodType, unknown][] = [
      [
        pricingResponseSchema,
        {
          success: true,
          message: 'Discount code applied.',
          prices: [{ productSku: 'WIFI7-LIVE', price: 499, currency: 'USD', discount: 15 }],
        },
      ],
      [
        workshopListResponseSchema,
        {
          availableWorkshops: [
            {
              productSku: 'WIFI7-LIVE',
              productName: 'Wi-Fi 7 Live Online Workshop',
              batchDetails: [{ batchId: 'B-JAN', batchDescription: 'Jan 12 - Mar 2, 2027 -- …' }],
            },
          ],
        },
      ],
      [
        scheduleResponseSchema,
        {
          workshops: [
            {
              productSku: 'WIFI7-LIVE',
              productName: 'Wi-Fi 7',
              batches: [
                {
                  batchId: 'B-JAN',
                  batchDescription: 'Jan',
                  sessions: [{ number: 1, startsAt: 'a', endsAt: 'b' }],
                  full: false,
                  seatsLeft: null,
                },
              ],
            },
          ],
        },
      ],
    ];
    for (const [schema, answer] of answers) {
      expect(shapeOf(schema as never)).toBeDefined();
      expect(compile(schema)(answer)).toBe(compileWithZod(schema)(answer));
    }
  });

  it('leaves out keys the schema does not declare, at every depth, as zod does', () => {
    const schema = z.object({
      id: z.string(),
      items: z.array(z.object({ name: z.string(), note: z.string().nullable().optional() })),
    });
    const row = {
      id: 'a',
      secret: 'row column',
      items: [
        { name: 'x', internal: 1 },
        { name: 'y', note: null },
      ],
    };
    expect(JSON.parse(compile(schema)(row))).toEqual({
      id: 'a',
      items: [{ name: 'x' }, { name: 'y', note: null }],
    });
    expect(compile(schema)(row)).toBe(compileWithZod(schema)(row));
  });

  it('applies the schema’s string transforms', () => {
    const schema = z.object({ code: z.string().trim().toUpperCase() });
    expect(compile(schema)({ code: ' spring25 ' })).toBe('{"code":"SPRING25"}');
  });

  it('leaves schemas with parts it does not know to the zod serializer, checks and all', () => {
    const union = z.object({ value: z.union([z.string(), z.number()]) });
    expect(shapeOf(union as never)).toBeUndefined();
    expect(compile(union)({ value: 1, extra: true })).toBe('{"value":1}');
    expect(() => compile(union)({ value: true })).toThrow();
    const strict = z.object({ a: z.string() }).strict();
    expect(shapeOf(strict as never)).toBeUndefined();
    const transformed = z.object({ at: z.date().transform((date) => date.toISOString()) });
    expect(shapeOf(transformed as never)).toBeUndefined();
  });
});
