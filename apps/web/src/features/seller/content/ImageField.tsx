import { MAX_IMAGE_BYTES, UPLOADABLE_IMAGE_TYPES, type Portrait } from '@wifi7/contract';
import { useId, useState, type ChangeEvent } from 'react';
import { Spinner } from '../../../components/Spinner';
import { RequestFailedError } from '../../../lib/api-client';
import { UploadIcon } from '../ui/icons';
import { sellerButton } from '../ui/styles';
import { useUploadImage } from './api/upload-image';

const MEGABYTES = MAX_IMAGE_BYTES / (1024 * 1024);
const TYPES_TEXT = 'a JPEG, PNG or WebP image';

/** Why an upload failed, in the seller's words. */
function uploadProblem(error: unknown): string {
  if (error instanceof RequestFailedError) {
    if (error.status === 413) return `The image is larger than ${MEGABYTES} MB.`;
    if (error.status === 415) return `That file is not ${TYPES_TEXT}.`;
    if (error.status === 422)
      return 'The image is too large in pixels; make it at most 8000 on each side.';
  }
  return 'The image could not be uploaded just now. Please try again.';
}

interface ImageFieldProps {
  label: string;
  /** The image shown now (none: the section goes without). */
  value: Portrait | null | undefined;
  onChange: (image: Portrait | null) => void;
  /** Offers "Remove" for an image the section can do without. */
  removable?: boolean;
  hint?: string;
  /** How the preview is framed: a square portrait or a wide document. */
  shape?: 'portrait' | 'document';
  error?: string | undefined;
}

/**
 * An image of the page: its preview, and a file picker that uploads the
 * chosen file at once (checked here for size and type first; the server
 * checks the bytes). The section keeps the uploaded image's address and size.
 */
export function ImageField({
  label,
  value,
  onChange,
  removable = false,
  hint,
  shape = 'portrait',
  error,
}: ImageFieldProps) {
  const id = useId();
  const upload = useUploadImage();
  const uploading = upload.isPending;
  const [problem, setProblem] = useState<string | null>(null);
  /** The name of the file picked last (the input itself is emptied after each pick). */
  const [picked, setPicked] = useState<string | null>(null);
  const shownError = problem ?? error;

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    setProblem(null);
    setPicked(file.name);
    if (!(UPLOADABLE_IMAGE_TYPES as readonly string[]).includes(file.type)) {
      setProblem(`Choose ${TYPES_TEXT}.`);
    } else if (file.size > MAX_IMAGE_BYTES) {
      setProblem(`The image is larger than ${MEGABYTES} MB; choose a smaller one.`);
    } else {
      try {
        const image = await upload.mutateAsync(file);
        onChange({ src: image.src, width: image.width, height: image.height });
      } catch (failure) {
        setProblem(uploadProblem(failure));
      }
    }
    // The same file can be picked again after a failure.
    input.value = '';
  };

  const describedBy = [`${id}-hint`, shownError ? `${id}-error` : null].filter(Boolean).join(' ');
  const frame =
    shape === 'portrait' ? 'size-28 sm:size-32' : 'aspect-[4/3] w-full max-w-64 sm:w-64';

  return (
    <fieldset className="flex min-w-0 flex-col gap-2">
      <legend className="mb-1.5 text-sm font-medium text-navy-900">{label}</legend>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <div
          className={`${frame} flex shrink-0 items-center justify-center overflow-hidden rounded-xl bg-slate-100 ring-1 ring-slate-200`}
        >
          {value ? (
            <img
              src={value.src}
              alt={`Preview of the ${label.toLowerCase()}`}
              width={value.width}
              height={value.height}
              className={`size-full ${shape === 'portrait' ? 'object-cover' : 'object-contain'}`}
            />
          ) : (
            <span className="px-2 text-center text-xs text-slate-600">No image</span>
          )}
        </div>
        <div className="flex min-w-0 flex-col gap-2">
          {/*
            A real file input, keyboard-focusable and named by its label, which
            is drawn as the button; the browser's own "Choose File" is hidden.
          */}
          <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1">
            <input
              id={`${id}-file`}
              type="file"
              accept={UPLOADABLE_IMAGE_TYPES.join(',')}
              disabled={uploading}
              onChange={(event) => void pick(event)}
              aria-describedby={describedBy}
              aria-invalid={shownError ? true : undefined}
              className="peer sr-only"
            />
            <label
              htmlFor={`${id}-file`}
              className={`${sellerButton.secondary} cursor-pointer peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-sky-600 peer-disabled:cursor-not-allowed peer-disabled:opacity-60`}
            >
              <UploadIcon />
              {value ? 'Replace with a new image' : 'Upload an image'}
            </label>
            {picked && (
              <span className="min-w-0 truncate text-sm text-slate-600" title={picked}>
                {picked}
              </span>
            )}
          </div>
          <p id={`${id}-hint`} className="text-xs text-slate-600">
            {hint ? `${hint} ` : ''}JPEG, PNG or WebP, up to {MEGABYTES} MB.
          </p>
          {uploading && (
            <p role="status" className="flex items-center gap-2 text-sm text-navy-700">
              <Spinner className="size-4 text-sky-600" />
              Uploading…
            </p>
          )}
          {shownError && (
            <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
              {shownError}
            </p>
          )}
          {removable && value && (
            <button
              type="button"
              onClick={() => onChange(null)}
              className="w-fit rounded-md text-sm font-medium text-red-700 underline-offset-4 hover:underline focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-sky-600"
            >
              Remove the image
            </button>
          )}
        </div>
      </div>
    </fieldset>
  );
}
