import { serializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { answerFrom, freezeAnswer, isFrozenAnswer, writeOnceWhenFrozen } from './frozen-answers';

const schema = z.object({ name: z.string(), seats: z.array(z.number().int()) });
const routeSchema = { schema, method: 'GET', url: '/x', httpStatus: '200' } as never;

describe('frozen answers', () => {
  it('copies plain data deep and freezes it, leaving the original as it was', () => {
    const original = { name: 'a', seats: [1, 2], gone: undefined };
    const answer = freezeAnswer(original);
    expect(answer).toEqual({ name: 'a', seats: [1, 2] });
    expect(answer).not.toBe(original);
    expect(isFrozenAnswer(answer)).toBe(true);
    expect(Object.isFrozen(answer.seats)).toBe(true);
    expect(Object.isFrozen(original)).toBe(false);
  });

  it('leaves anything but plain JSON data unmarked', () => {
    for (const odd of [{ at: new Date() }, { n: Number.NaN }, [new Map()], { f: () => 1 }]) {
      expect(isFrozenAnswer(freezeAnswer(odd))).toBe(false);
    }
  });

  it('builds one answer per source object', () => {
    const build = vi.fn((list: number[]) => ({ list }));
    const source = [1];
    expect(answerFrom(source, build)).toBe(answerFrom(source, build));
    expect(answerFrom([1], build)).not.toBe(answerFrom(source, build));
    expect(build).toHaveBeenCalledTimes(2);
  });

  it('checks and writes a frozen answer once per schema, and any other answer each time', () => {
    const compiled = vi.fn(serializerCompiler(routeSchema) as (data: unknown) => string);
    const write = writeOnceWhenFrozen(() => compiled)(routeSchema) as (data: unknown) => string;
    const frozen = freezeAnswer({ name: 'a', seats: [1] });
    expect(write(frozen)).toBe('{"name":"a","seats":[1]}');
    expect(write(frozen)).toBe('{"name":"a","seats":[1]}');
    expect(compiled).toHaveBeenCalledTimes(1);
    write({ name: 'a', seats: [1] });
    write({ name: 'a', seats: [1] });
    expect(compiled).toHaveBeenCalledTimes(3);
  });

  it('fails a frozen answer that does not fit on every write', () => {
    const write = writeOnceWhenFrozen(serializerCompiler)(routeSchema) as (data: unknown) => string;
    const wrong = freezeAnswer({ name: 'a', seats: [1.5] });
    expect(() => write(wrong)).toThrow();
    expect(() => write(wrong)).toThrow();
  });
});
