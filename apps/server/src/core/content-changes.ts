/**
 * What a page-content save changed, in one line ("Testimonials: 1 changed
 * (Priya S.)"). The audit log keeps each section before and after whole;
 * the seller reading the log wants what changed, not two copies of a
 * section that can hold sixty testimonials.
 */
import { isDeepStrictEqual } from 'node:util';

const SECTION_NAMES: Record<string, string> = {
  instructor: 'Instructor',
  testimonials: 'Testimonials',
  outline: 'Course outline',
  certificate: 'Certificate image',
};

/** The list each section holds, and the field that names an item of it. */
const LISTS: Record<string, { field: string; nameOf: string }> = {
  testimonials: { field: 'items', nameOf: 'name' },
  outline: { field: 'sessions', nameOf: 'title' },
};

const FIELD_NAMES: Record<string, string> = {
  name: 'name',
  title: 'title',
  bio: 'biography',
  facts: 'facts',
  profileUrl: 'profile link',
  photo: 'photo',
  image: 'image',
};

type Fields = Record<string, unknown>;

const asFields = (value: unknown): Fields =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Fields) : {};

export function contentChangeSummary(section: string, before: unknown, after: unknown): string {
  const title = SECTION_NAMES[section] ?? section;
  const list = LISTS[section];
  const changes = list
    ? listChanges(asFields(before)[list.field], asFields(after)[list.field], list.nameOf)
    : fieldChanges(asFields(before), asFields(after));
  return `${title}: ${changes.length > 0 ? changes.join('; ') : 'saved without changes'}`;
}

/** Items added, removed and changed, by position, each named ("1 changed (Priya S.)"). */
function listChanges(before: unknown, after: unknown, nameOf: string): string[] {
  const old = Array.isArray(before) ? before : [];
  const now = Array.isArray(after) ? after : [];
  const name = (item: unknown) => {
    const value = asFields(item)[nameOf];
    return typeof value === 'string' ? value : 'unnamed';
  };
  const changed = now.filter(
    (item, index) => index < old.length && !isDeepStrictEqual(item, old[index]),
  );
  const groups: [string, unknown[]][] = [
    ['added', now.slice(old.length)],
    ['removed', old.slice(now.length)],
    ['changed', changed],
  ];
  return groups
    .filter(([, items]) => items.length > 0)
    .map(([what, items]) => `${items.length} ${what} (${items.map(name).join(', ')})`);
}

/** The fields of a single-record section that differ ("biography and photo changed"). */
function fieldChanges(before: Fields, after: Fields): string[] {
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (field) => !isDeepStrictEqual(before[field], after[field]),
  );
  if (fields.length === 0) return [];
  const names = fields.map((field) => FIELD_NAMES[field] ?? field);
  const listed =
    names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  return [`${listed} changed`];
}
