/**
 * Toast helpers. react-hot-toast's own defaults already equal spec section 9
 * (blank 4 s, error 4 s, success 2 s, loading until replaced, custom 4 s, at
 * most 20, 350 px wide), so only the long-lived errors need a duration.
 *
 * Most visits never see a toast, so the library is fetched when the first one
 * is shown, not with the page. Calls made before it arrives keep their order
 * and show as soon as it does. Each toast gets its id here, at once, so a
 * caller can replace a loading toast by that id whether or not the library
 * has arrived yet.
 */
import { createElement, useSyncExternalStore, type ComponentProps } from 'react';
import type * as HotToast from 'react-hot-toast';

type Library = typeof HotToast;
type Options = { id?: string; duration?: number };
type Kind = 'blank' | 'success' | 'error' | 'loading';

let library: Promise<Library> | undefined;
let loaded: Library | undefined;
const listeners = new Set<() => void>();
let nextId = 0;

function loadLibrary(): Promise<Library> {
  library ??= import('react-hot-toast').then((module) => {
    loaded = module;
    for (const listener of listeners) listener();
    return module;
  });
  return library;
}

// Ids handed out here, mapped to the library's own once each toast is shown.
const libraryIds = new Map<string, string>();

function withLibraryId(options: Options | undefined): Options | undefined {
  if (options?.id === undefined) return options;
  return { ...options, id: libraryIds.get(options.id) ?? options.id };
}

function show(kind: Kind, message: string, options?: Options): string {
  nextId += 1;
  const id = `toast-${nextId}`;
  void loadLibrary().then(({ default: hotToast }) => {
    const show = kind === 'blank' ? hotToast : hotToast[kind];
    const given = withLibraryId(options);
    // The caller's arguments as they are: the library's defaults apply unless asked otherwise.
    libraryIds.set(id, given === undefined ? show(message) : show(message, given));
  });
  return id;
}

export const toast = Object.assign(
  (message: string, options?: Options) => show('blank', message, options),
  {
    success: (message: string, options?: Options) => show('success', message, options),
    error: (message: string, options?: Options) => show('error', message, options),
    loading: (message: string, options?: Options) => show('loading', message, options),
    /** Dismisses one toast, or all; nothing to do while none has been shown. */
    dismiss: (id?: string) => {
      if (!library) return;
      void library.then(({ default: hotToast }) =>
        hotToast.dismiss(id === undefined ? undefined : (libraryIds.get(id) ?? id)),
      );
    },
  },
);

/** Sign-in and invoice error toasts stay 7 seconds (spec section 8). */
export const LONG_ERROR_TOAST_MS = 7000;

export function showLongError(message: string): string {
  return toast.error(message, { duration: LONG_ERROR_TOAST_MS });
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * react-hot-toast's `Toaster`, rendered once the first toast has fetched the
 * library; until then (and in the prerendered HTML) nothing.
 */
export function Toaster(props: ComponentProps<Library['Toaster']>) {
  const module = useSyncExternalStore(
    subscribe,
    () => loaded,
    () => undefined,
  );
  return module ? createElement(module.Toaster, props) : null;
}
