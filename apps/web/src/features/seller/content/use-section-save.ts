import type { ContentSection, SavedSection, WorkshopContent } from '@wifi7/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { RequestFailedError } from '../../../lib/api-client';
import { toast } from '../../../lib/toasts';
import { showSavedSection } from '../../workshop';
import { useSaveSection } from './api/content';

export interface SectionSave<S extends ContentSection> {
  save: (value: WorkshopContent[S]) => Promise<void>;
  saving: boolean;
  /** The last save was refused: the section changed elsewhere since this version. */
  conflict: boolean;
}

/**
 * Saves a section from the version being edited. A refusal because someone
 * saved it in between (409) is kept as `conflict` for the form to show; the
 * saved section replaces the page's (the form starts again from it, after
 * `onSaved`) and goes to this tab's workshop page.
 */
export function useSectionSave<S extends ContentSection>(
  section: S,
  title: string,
  saved: SavedSection<S>,
  onSaved: () => void,
): SectionSave<S> {
  const queryClient = useQueryClient();
  const mutation = useSaveSection(section);
  const [conflictWith, setConflictWith] = useState<string | null>(null);

  const save = async (value: WorkshopContent[S]) => {
    try {
      const next = await mutation.mutateAsync({ version: saved.version, value });
      setConflictWith(null);
      onSaved();
      showSavedSection(queryClient, section, next.value as WorkshopContent[S]);
      toast.success(`${title} saved: the workshop page shows it now.`);
    } catch (error) {
      if (error instanceof RequestFailedError && error.status === 409) {
        setConflictWith(saved.version);
      } else {
        toast.error(`${title} could not be saved just now. Please try again.`);
      }
    }
  };

  // Loading the latest version (a new one) ends the conflict.
  return { save, saving: mutation.isPending, conflict: conflictWith === saved.version };
}
