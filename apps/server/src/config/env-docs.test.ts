/**
 * The README's configuration table is the operator's one list of settings:
 * it must name every variable the server's schema reads, nothing else, and
 * give each the default the schema applies ("required" when it has none,
 * "—" when it stays unset). The same schema checks the environment at start.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { describe, expect, it } from 'vitest';
import { findRepositoryRoot } from '../lib/repository-root';
import { envSchema } from './env';

interface DocumentedVariable {
  name: string;
  default: string;
}

function documentedVariables(): DocumentedVariable[] {
  const readme = fs.readFileSync(path.join(findRepositoryRoot(), 'README.md'), 'utf8');
  const section = readme.split('### Configuration')[1]?.split('\n### ')[0] ?? '';
  return section
    .split('\n')
    .filter((line) => /^\|\s*`[A-Z0-9_]+`\s*\|/.test(line))
    .map((line) => {
      const [name, fallback] = line
        .split('|')
        .slice(1, 3)
        .map((cell) => cell.trim());
      return { name: name!.replaceAll('`', ''), default: fallback! };
    });
}

/** The default as the table writes it, from what the schema makes of an unset variable. */
function defaultOf(name: string): string {
  const field = envSchema.shape[name as keyof typeof envSchema.shape];
  const unset = field.safeParse(undefined);
  if (!unset.success) return 'required';
  const value: unknown = unset.data;
  if (value === undefined || (Array.isArray(value) && value.length === 0)) return '—';
  return `\`${String(value)}\``;
}

describe('the README configuration table', () => {
  const documented = documentedVariables();

  it('lists every variable the server reads, once, and no other', () => {
    const names = documented.map((variable) => variable.name);
    expect(new Set(names).size).toBe(names.length);
    expect([...names].sort()).toEqual(Object.keys(envSchema.shape).sort());
  });

  it("gives each variable the schema's default", () => {
    expect(
      Object.fromEntries(documented.map((variable) => [variable.name, variable.default])),
    ).toEqual(
      Object.fromEntries(documented.map((variable) => [variable.name, defaultOf(variable.name)])),
    );
  });

  it('and deploy/env.example, the production file to start from, sets only known variables', () => {
    const example = parseEnv(
      fs.readFileSync(path.join(findRepositoryRoot(), 'deploy', 'env.example'), 'utf8'),
    );
    const known = Object.keys(envSchema.shape);
    expect(Object.keys(example).filter((name) => !known.includes(name))).toEqual([]);
    expect(example.NODE_ENV).toBe('production');
  });
});
