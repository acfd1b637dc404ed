/**
 * Request bodies checked against PayPal's own OpenAPI documents
 * (contracts/paypal), so a body the real API would reject by schema is
 * rejected here too, with the `details[]` PayPal would give.
 *
 * The documents are OpenAPI 3.0.3, not plain JSON Schema: Ajv runs in
 * non-strict mode (OpenAPI keywords such as `readOnly` or `example` are
 * ignored), PayPal's private formats (`ppaas_*`) accept anything because
 * their `pattern`s already say what is allowed, and `$ref`s are resolved
 * inside the document they come from.
 */
import { readFileSync } from 'node:fs';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { ErrorDetail } from './errors';

export type ContractName = 'invoicing_v2' | 'notifications_webhooks_v1';

const CONTRACTS_DIR = new URL('../../contracts/paypal/', import.meta.url);

function readContract(name: ContractName): Record<string, unknown> {
  return JSON.parse(readFileSync(new URL(`${name}.json`, CONTRACTS_DIR), 'utf8')) as Record<
    string,
    unknown
  >;
}

/** Every `format` named anywhere in a document. */
function formatsIn(node: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(node)) node.forEach((child) => formatsIn(child, found));
  else if (node && typeof node === 'object') {
    for (const [key, child] of Object.entries(node)) {
      if (key === 'format' && typeof child === 'string') found.add(child);
      else formatsIn(child, found);
    }
  }
  return found;
}

export type Validation<T> = { ok: true; value: T } | { ok: false; details: ErrorDetail[] };

export class OpenApiContracts {
  private readonly ajv = new Ajv({ strict: false, allErrors: true });
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor() {
    addFormats(this.ajv);
    for (const name of ['invoicing_v2', 'notifications_webhooks_v1'] as const) {
      const document = readContract(name);
      for (const format of formatsIn(document)) {
        if (!this.ajv.formats[format]) this.ajv.addFormat(format, true);
      }
      this.ajv.addSchema(document, name);
    }
  }

  /** Checks `value` against `components.schemas.<schema>` of a contract. */
  validate<T>(contract: ContractName, schema: string, value: unknown): Validation<T> {
    const key = `${contract}#/components/schemas/${schema}`;
    let validator = this.compiled.get(key);
    if (!validator) {
      validator = this.ajv.getSchema(key);
      if (!validator) throw new Error(`No schema ${schema} in ${contract}`);
      this.compiled.set(key, validator);
    }
    if (validator(value)) return { ok: true, value: value as T };
    return { ok: false, details: toDetails(validator.errors ?? [], value) };
  }
}

let shared: OpenApiContracts | undefined;

/** One compiled copy per process: compiling the documents takes a moment. */
export function openApiContracts(): OpenApiContracts {
  shared ??= new OpenApiContracts();
  return shared;
}

const DESCRIPTIONS: Record<string, string> = {
  MISSING_REQUIRED_PARAMETER: 'A required field / parameter is missing.',
  INVALID_PARAMETER_SYNTAX: 'The value of a field does not conform to the expected format.',
  INVALID_PARAMETER_VALUE: 'The value of a field is invalid.',
  INVALID_STRING_MAX_LENGTH: 'The value of a field is too long.',
  INVALID_STRING_LENGTH: 'The value of a field is either too short or too long.',
  INVALID_ARRAY_MAX_ITEMS: 'The number of items in an array parameter is too large.',
  INVALID_ARRAY_MIN_ITEMS: 'The number of items in an array parameter is too small.',
  INVALID_INTEGER_MAX_VALUE: 'The integer value of a field is too large.',
  INVALID_INTEGER_MIN_VALUE: 'The integer value of a field is too small.',
};

export function describeIssue(issue: string): string {
  return DESCRIPTIONS[issue] ?? 'The value of a field is invalid.';
}

function issueFor(error: ErrorObject): string | undefined {
  switch (error.keyword) {
    case 'required':
      return 'MISSING_REQUIRED_PARAMETER';
    case 'maxLength':
      return 'INVALID_STRING_MAX_LENGTH';
    case 'minLength':
      return 'INVALID_STRING_LENGTH';
    case 'enum':
      return 'INVALID_PARAMETER_VALUE';
    case 'maxItems':
      return 'INVALID_ARRAY_MAX_ITEMS';
    case 'minItems':
      return 'INVALID_ARRAY_MIN_ITEMS';
    case 'maximum':
      return 'INVALID_INTEGER_MAX_VALUE';
    case 'minimum':
      return 'INVALID_INTEGER_MIN_VALUE';
    // Combinators only summarise the errors of their branches, reported separately.
    case 'anyOf':
    case 'oneOf':
    case 'allOf':
    case 'if':
      return undefined;
    default:
      return 'INVALID_PARAMETER_SYNTAX';
  }
}

function valueAt(root: unknown, pointer: string): unknown {
  let node = root;
  for (const token of pointer.split('/').slice(1)) {
    const key = token.replaceAll('~1', '/').replaceAll('~0', '~');
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

function toDetails(errors: readonly ErrorObject[], root: unknown): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  const seen = new Set<string>();
  for (const error of errors) {
    const issue = issueFor(error);
    if (!issue) continue;
    const missing =
      error.keyword === 'required'
        ? (error.params as { missingProperty: string }).missingProperty
        : '';
    const field = missing ? `${error.instancePath}/${missing}` : error.instancePath || '/';
    const key = `${field} ${issue}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const value = missing ? undefined : valueAt(root, error.instancePath);
    const description =
      error.keyword === 'pattern' && field.endsWith('/country_code')
        ? 'Country code is invalid.'
        : error.keyword === 'type'
          ? `${describeIssue(issue)} Expected ${String((error.params as { type: unknown }).type)}.`
          : describeIssue(issue);
    details.push({
      field,
      ...(value !== undefined && typeof value !== 'object' ? { value: String(value) } : {}),
      location: 'body',
      issue,
      description,
    });
  }
  return details;
}
