/**
 * Answers that cannot change, checked and written once.
 *
 * Every answer is written through its route's contract schema, which checks
 * it (the one check of an answer). The catalog reads give the same answer
 * to every visitor until the catalog changes, and checking the same answer
 * thousands of times a second is most of what such a call costs. An answer
 * made here is a deep-frozen copy of plain JSON data (objects, arrays,
 * strings, numbers, booleans, null): nothing can change it, so the check
 * and the text it gives are the same every time, and the serializer keeps
 * the text it wrote for that object and that schema (`writeOnceWhenFrozen`).
 * Anything else (a Date, a class, a Map) is left as it is, unmarked, and
 * checked on every write as before.
 */
import type { FastifySerializerCompiler } from 'fastify';

const frozenAnswers = new WeakSet<object>();
const answersBySource = new WeakMap<object, unknown>();

/** Whether `value` was made by `freezeAnswer` and can never change. */
export function isFrozenAnswer(value: unknown): value is object {
  return typeof value === 'object' && value !== null && frozenAnswers.has(value);
}

/**
 * A deep-frozen copy of `answer`, marked so its check and text are made
 * once; `answer` itself when it holds anything but plain JSON data.
 */
export function freezeAnswer<T>(answer: T): T {
  const copy = frozenCopy(answer);
  if (copy === unfreezable || typeof copy !== 'object' || copy === null) return answer;
  frozenAnswers.add(copy);
  return copy as T;
}

/**
 * The frozen answer built from `source` (a value the catalog cache holds
 * until the catalog changes), made once per source object: a changed
 * catalog is a new object, hence a new answer.
 */
export function answerFrom<S extends object, T>(source: S, build: (source: S) => T): T {
  if (answersBySource.has(source)) return answersBySource.get(source) as T;
  const answer = freezeAnswer(build(source));
  answersBySource.set(source, answer);
  return answer;
}

const unfreezable = Symbol('unfreezable');

function frozenCopy(value: unknown): unknown {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : unfreezable;
  if (typeof value !== 'object') return unfreezable;
  if (Array.isArray(value)) {
    const items: unknown[] = [];
    for (const item of value as unknown[]) {
      const copy = frozenCopy(item);
      if (copy === unfreezable) return unfreezable;
      items.push(copy);
    }
    return Object.freeze(items);
  }
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (prototype !== Object.prototype && prototype !== null) return unfreezable;
  const fields: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    // JSON leaves an undefined field out; so does the copy.
    if (field === undefined) continue;
    // A copy would take this key as its prototype; no answer of ours has one.
    if (key === '__proto__') return unfreezable;
    const copy = frozenCopy(field);
    if (copy === unfreezable) return unfreezable;
    fields[key] = copy;
  }
  return Object.freeze(fields);
}

/**
 * Wraps a serializer compiler: a frozen answer is checked and written once
 * per schema, and its text kept as long as the answer lives; every other
 * answer is checked and written each time. An answer that fails its check
 * is never kept, so it fails every time.
 */
export function writeOnceWhenFrozen<S>(
  compile: FastifySerializerCompiler<S>,
): FastifySerializerCompiler<S> {
  return (routeSchema) => {
    const write = compile(routeSchema);
    const written = new WeakMap<object, string>();
    return (data) => {
      if (!isFrozenAnswer(data)) return write(data);
      let text = written.get(data);
      if (text === undefined) {
        text = write(data);
        written.set(data, text);
      }
      return text;
    };
  };
}
