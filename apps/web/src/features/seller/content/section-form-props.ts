import type { ContentSection, SavedSection } from '@wifi7/contract';

/** What the page gives each section's form. */
export interface SectionFormProps<S extends ContentSection> {
  /** The section as saved: the form starts from it, and anew when it changes. */
  saved: SavedSection<S>;
  /** Replaces the section with the version saved now (after a conflict). */
  onLoadLatest: () => void;
  onDirtyChange: (dirty: boolean) => void;
}
