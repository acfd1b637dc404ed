/**
 * The first page load holds no schema (the performance budget of the
 * workshop page): its answers come from a server of the same build, which
 * wrote them from the same contract, and the schemas that check an answer
 * of another build are fetched when one arrives (ResponseCheck in
 * lib/api-client.ts). This walks the modules main.tsx imports statically,
 * as the bundler puts them in the entry chunk, and fails when one of them
 * brings schemas or zod (beyond turning off zod's eval).
 *
 * The walk reads imports, not the build: every module of the web app that a
 * static import reaches counts whole, with all of its own imports (a dynamic
 * `import()` starts a chunk of its own and is not followed). The contract is
 * free of side effects (`"sideEffects": false`), so from it only the modules
 * that declare the names imported count, found through its `export *`
 * barrels, as the bundler's tree-shaking finds them.
 */
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Addresses are file: URLs, as import.meta.url gives them (through a constant:
// Vite rewrites `new URL('…', import.meta.url)` as an asset's address).
const HERE = import.meta.url;
// The sources as text, by address.
const sources = Object.fromEntries(
  Object.entries(
    import.meta.glob<string>(['./**/*.{ts,tsx}', '../../../packages/contract/src/**/*.ts'], {
      query: '?raw',
      import: 'default',
      eager: true,
    }),
  ).map(([key, text]) => [new URL(key, HERE).href, text]),
);
const ROOT = new URL('../../../', HERE).href;
const CONTRACT_SRC = new URL('../../../packages/contract/src/', HERE).href;
const CONTRACT_INDEX = `${CONTRACT_SRC}index.ts`;
const ENTRY = new URL('./main.tsx', HERE).href;
const relativeName = (file: string) => file.slice(ROOT.length);

/** What one module asks of another: some names, or all of it. */
type Need = { kind: 'names'; names: string[] } | { kind: 'all' };

interface ModuleInfo {
  /** Value imports and re-exports: specifier and what is taken from it. */
  imports: { specifier: string; need: Need; reexport: boolean }[];
  /** Names the module declares itself. */
  declared: Set<string>;
  /** `export { a as b } from './x'`: b → ['./x', 'a']. */
  reexported: Map<string, [string, string]>;
  /** `export * from './x'`. */
  starFrom: string[];
}

const parsed = new Map<string, ModuleInfo>();

function read(file: string): ModuleInfo {
  const cached = parsed.get(file);
  if (cached) return cached;
  const text = sources[file];
  if (text === undefined) throw new Error(`${relativeName(file)} is not among the sources read`);
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest);
  const info: ModuleInfo = {
    imports: [],
    declared: new Set(),
    reexported: new Map(),
    starFrom: [],
  };
  const localExports: [string, string][] = [];
  const hasExport = (node: ts.Node) =>
    ts.canHaveModifiers(node) &&
    (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  const bindingNames = (name: ts.BindingName): string[] =>
    ts.isIdentifier(name)
      ? [name.text]
      : name.elements.flatMap((element) =>
          ts.isOmittedExpression(element) ? [] : bindingNames(element.name),
        );

  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      const specifier = (statement.moduleSpecifier as ts.StringLiteral).text;
      const clause = statement.importClause;
      if (clause?.isTypeOnly) continue;
      const names: string[] = [];
      let all = !clause;
      if (clause?.name) names.push('default');
      const bindings = clause?.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) all = true;
      if (bindings && ts.isNamedImports(bindings)) {
        for (const element of bindings.elements) {
          if (!element.isTypeOnly) names.push((element.propertyName ?? element.name).text);
        }
      }
      // `import { type A } from './x'` may stay as `import './x'`: count the module.
      if (names.length === 0) all = true;
      info.imports.push({
        specifier,
        need: all ? { kind: 'all' } : { kind: 'names', names },
        reexport: false,
      });
    } else if (ts.isExportDeclaration(statement)) {
      if (statement.isTypeOnly) continue;
      if (!statement.moduleSpecifier) {
        if (statement.exportClause && ts.isNamedExports(statement.exportClause)) {
          for (const element of statement.exportClause.elements) {
            if (!element.isTypeOnly) {
              localExports.push([element.name.text, (element.propertyName ?? element.name).text]);
            }
          }
        }
        continue;
      }
      const specifier = (statement.moduleSpecifier as ts.StringLiteral).text;
      const clause = statement.exportClause;
      if (!clause) {
        info.starFrom.push(specifier);
        info.imports.push({ specifier, need: { kind: 'all' }, reexport: true });
      } else if (ts.isNamespaceExport(clause)) {
        info.declared.add(clause.name.text);
        info.imports.push({ specifier, need: { kind: 'all' }, reexport: true });
      } else {
        const names: string[] = [];
        for (const element of clause.elements) {
          if (element.isTypeOnly) continue;
          const original = (element.propertyName ?? element.name).text;
          info.reexported.set(element.name.text, [specifier, original]);
          names.push(original);
        }
        info.imports.push({ specifier, need: { kind: 'names', names }, reexport: true });
      }
    } else if (ts.isExportAssignment(statement)) {
      info.declared.add('default');
    } else if (hasExport(statement)) {
      if (ts.isVariableStatement(statement)) {
        for (const declaration of statement.declarationList.declarations) {
          for (const name of bindingNames(declaration.name)) info.declared.add(name);
        }
      } else if (
        (ts.isFunctionDeclaration(statement) ||
          ts.isClassDeclaration(statement) ||
          ts.isEnumDeclaration(statement)) &&
        statement.name
      ) {
        const isDefault = (ts.getModifiers(statement) ?? []).some(
          (m) => m.kind === ts.SyntaxKind.DefaultKeyword,
        );
        info.declared.add(isDefault ? 'default' : statement.name.text);
      }
    }
  }
  for (const [exported] of localExports) info.declared.add(exported);
  parsed.set(file, info);
  return info;
}

/** The file a specifier names, or undefined for a package other than the contract. */
function resolve(from: string, specifier: string): string | undefined {
  if (specifier === '@wifi7/contract') return CONTRACT_INDEX;
  if (!specifier.startsWith('.')) return undefined;
  const base = new URL(specifier, from).href;
  const candidates = [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`, base];
  const file = candidates.find((each) => each in sources);
  if (!file && !/\.(css|svg|png|jpe?g|webp|json)(\?.*)?$/.test(specifier)) {
    throw new Error(`${relativeName(from)}: cannot resolve ${specifier}`);
  }
  return file;
}

const inContract = (file: string) => file.startsWith(CONTRACT_SRC);

/** Every module the entry chunk holds, from main.tsx's static imports. */
function firstLoadModules(): Set<string> {
  const included = new Set<string>();
  const queue: string[] = [ENTRY];

  /** The contract's modules that declare `name`, reached from `file` through its barrels. */
  const declaring = (file: string, name: string, seen = new Set<string>()): string[] => {
    if (seen.has(file)) return [];
    seen.add(file);
    const info = read(file);
    if (info.declared.has(name)) return [file];
    const reexport = info.reexported.get(name);
    if (reexport) {
      const target = resolve(file, reexport[0]);
      return target ? declaring(target, reexport[1], seen) : [];
    }
    for (const specifier of info.starFrom) {
      const target = resolve(file, specifier);
      const found = target ? declaring(target, name, seen) : [];
      if (found.length > 0) return found;
    }
    return [];
  };

  const need = (file: string, wanted: Need) => {
    if (!inContract(file) || wanted.kind === 'all') {
      queue.push(file);
      return;
    }
    for (const name of wanted.names) {
      const found = declaring(file, name);
      if (found.length === 0) throw new Error(`${relativeName(file)} exports no ${name}`);
      queue.push(...found);
    }
  };

  while (queue.length > 0) {
    const file = queue.shift()!;
    if (included.has(file)) continue;
    included.add(file);
    for (const { specifier, need: wanted, reexport } of read(file).imports) {
      // A contract module's re-exports are looked up by name, when a name is needed.
      if (reexport && inContract(file)) continue;
      const target = resolve(file, specifier);
      if (target) need(target, wanted);
    }
  }
  return included;
}

describe('the first page load', () => {
  const modules = firstLoadModules();
  const relative = [...modules].map((file) => relativeName(file)).sort();

  it('is walked from main.tsx through the pages and the contract', () => {
    expect(relative).toEqual(
      expect.arrayContaining([
        'apps/web/src/lib/zod-jitless.ts',
        'apps/web/src/config/public-config.ts',
        'apps/web/src/features/workshop/api/fetch-schedule.ts',
        'apps/web/src/features/pricing/api/fetch-prices.ts',
        'packages/contract/src/money.ts',
        'packages/contract/src/routes.ts',
        'packages/contract/src/page-data.ts',
      ]),
    );
    // The back office and checkout load on demand, and so do their schemas.
    expect(relative).not.toContain('packages/contract/src/checkout.ts');
    expect(relative).not.toContain('packages/contract/src/seller/orders.ts');
  });

  it('holds no schema: the checks it needs are fetched when an answer needs one', () => {
    // The answers' schemas, and the module that loads them on demand.
    for (const schemas of [
      'packages/contract/src/schedule.ts',
      'packages/contract/src/catalog.ts',
      'packages/contract/src/public-config.ts',
      'packages/contract/src/seller/content.ts',
      'apps/web/src/lib/on-demand-schemas.ts',
    ]) {
      expect(relative).not.toContain(schemas);
    }
    // Not zod itself either: its eval is turned off without it (lib/zod-jitless.ts).
    const zodImports = [...modules].flatMap((file) =>
      read(file)
        .imports.filter(({ specifier }) => /^zod(\/|$)/.test(specifier))
        .map(({ specifier }) => `${relativeName(file)} imports '${specifier}'`),
    );
    expect(zodImports).toEqual([]);
  });
});
