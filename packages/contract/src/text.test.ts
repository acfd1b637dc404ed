import { describe, expect, it } from 'vitest';
import type { z } from 'zod/mini';
import * as contract from './index';
import { toStorableText } from './storable-text';
import { isStorableText, miniText, UNSTORABLE_TEXT_MESSAGE } from './text';
import { validRequests } from './testing/request-samples';

const NUL = '\u0000';
const HIGH = '\uD83D';
const LOW = '\uDE00';

describe('storable text', () => {
  it('accepts any well-formed text, astral characters included', () => {
    for (const value of ['', 'Zoë Ørsted', 'नमस्ते', `party ${HIGH}${LOW}`, '\t\n\u007f\uFFFD']) {
      expect(isStorableText(value)).toBe(true);
      expect(miniText().parse(value)).toBe(value);
    }
  });

  it('refuses a NUL and an unpaired surrogate anywhere', () => {
    for (const value of [NUL, `a${NUL}b`, HIGH, `${HIGH}x`, `x${LOW}`, `${LOW}${HIGH}`]) {
      expect(isStorableText(value)).toBe(false);
      expect(miniText().safeParse(value).error?.issues[0]?.message).toBe(UNSTORABLE_TEXT_MESSAGE);
    }
  });

  it('replaces what it refuses, keeping pairs and length', () => {
    const clipped = `${'x'.repeat(3)}${HIGH}${LOW}`.slice(0, 4);
    expect(toStorableText(clipped)).toBe('xxx\uFFFD');
    expect(toStorableText(`a${NUL}b${HIGH}${LOW}`)).toBe(`a\uFFFDb${HIGH}${LOW}`);
  });
});

const requestSchemas = Object.entries(contract).filter(([name]) =>
  /(Request|Params|Query)Schema$/.test(name),
) as [string, z.ZodMiniType][];

type Path = (string | number)[];

/** Every path at which a schema takes a string (free text, a format, an enum or a literal). */
function stringPaths(schema: z.ZodMiniType, path: Path = []): Path[] {
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  const inner = (key: string) => stringPaths(def[key] as z.ZodMiniType, path);
  switch (def.type) {
    case 'string':
    case 'enum':
      return [path];
    case 'literal':
      return (def.values as unknown[]).some((value) => typeof value === 'string') ? [path] : [];
    case 'object':
      return Object.entries(def.shape as Record<string, z.ZodMiniType>).flatMap(([key, field]) =>
        stringPaths(field, [...path, key]),
      );
    case 'array':
      return stringPaths(def.element as z.ZodMiniType, [...path, 0]);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
      return inner('innerType');
    case 'pipe': {
      const all = [...inner('in'), ...inner('out')];
      return all.filter((each, i) => all.findIndex((other) => same(other, each)) === i);
    }
    case 'union':
      return (def.options as z.ZodMiniType[]).flatMap((option) => stringPaths(option, path));
    case 'transform':
    case 'number':
    case 'boolean':
    case 'null':
      return [];
    default:
      throw new Error(`text.test.ts does not know zod's "${def.type}" (at ${label(path)})`);
  }
}

const same = (a: Path, b: Path) => label(a) === label(b);
const label = (path: readonly PropertyKey[]) => path.map(String).join('.') || '(the value)';

function valueAt(value: unknown, path: Path): unknown {
  return path.reduce<unknown>(
    (at, key) => (at as Record<string | number, unknown> | null | undefined)?.[key],
    value,
  );
}

function withValueAt(value: unknown, path: Path, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [key, ...rest] = path as [string | number, ...Path];
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >;
  copy[key] = withValueAt(copy[key], rest, replacement);
  return copy;
}

describe('every request schema refuses unstorable text in every string field', () => {
  it('has a valid request for each request schema the contract exports', () => {
    expect(requestSchemas.map(([name]) => name).sort()).toEqual(Object.keys(validRequests).sort());
    for (const [name, schema] of requestSchemas) {
      expect([name, schema.safeParse(validRequests[name]).error?.issues]).toEqual([
        name,
        undefined,
      ]);
    }
  });

  describe.each(requestSchemas)('%s', (name, schema) => {
    const valid = validRequests[name];
    const paths = stringPaths(schema);

    it('has string fields, each filled in the valid request', () => {
      expect(paths.length).toBeGreaterThan(0);
      for (const path of paths) {
        expect([label(path), typeof valueAt(valid, path)]).toEqual([label(path), 'string']);
      }
    });

    it.each([
      ['a NUL', (value: string) => `${value}${NUL}`],
      ['a NUL first', (value: string) => `${NUL}${value}`],
      ['an unpaired high surrogate', (value: string) => `${value}${HIGH}`],
      ['an unpaired low surrogate', (value: string) => `${LOW}${value}`],
      ['a reversed pair', (value: string) => `${value.slice(0, 1)}${LOW}${HIGH}${value.slice(1)}`],
    ])('refuses %s in each, naming the field', (_what, spoil) => {
      for (const path of paths) {
        const result = schema.safeParse(
          withValueAt(valid, path, spoil(valueAt(valid, path) as string)),
        );
        expect([label(path), result.success]).toEqual([label(path), false]);
        expect(result.error?.issues.map((issue) => label(issue.path))).toContain(label(path));
      }
    });
  });
});
