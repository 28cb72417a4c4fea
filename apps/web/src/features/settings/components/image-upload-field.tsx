import { useId, useState, type ChangeEvent } from 'react';
import { buttonClasses } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { IMAGE_ACCEPT, SIZE_HINT, imageFileProblem, uploadErrorMessage } from '../utils/image-file';

interface ImageUploadFieldProps {
  /** Visible text of the button that opens the file chooser. */
  label: string;
  /** Accessible name of the file input when the visible label is not enough (repeated fields). */
  accessibleLabel?: string;
  /** Extra help read with the input, besides the types and size hint. */
  hint?: string;
  /** Called with a file that passed the type and size checks; rejects with the upload's error. */
  onFile: (file: File) => Promise<void>;
  /** An error from outside (e.g. "Sube una imagen." from the form's checks). */
  error?: string;
  className?: string;
}

/**
 * Chooses an image and hands it on. Spec §5: only the allowed types are accepted ("Archivo no
 * permitido. Solo se aceptan: {list}") and the hint says files must weigh under 15MB. A native file
 * input (keyboard and screen readers know it), styled as a button through its label.
 */
export function ImageUploadField({
  label,
  accessibleLabel,
  hint,
  onFile,
  error,
  className,
}: ImageUploadFieldProps) {
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const [isUploading, setIsUploading] = useState(false);
  const shownError = problem ?? error;

  async function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Cleared so choosing the same file again after an error triggers a new change.
    event.target.value = '';
    if (!file) return;
    const reason = imageFileProblem(file);
    setProblem(reason);
    if (reason) return;
    setIsUploading(true);
    try {
      await onFile(file);
    } catch (uploadError) {
      setProblem(uploadErrorMessage(uploadError));
    } finally {
      setIsUploading(false);
    }
  }

  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <div className="flex flex-wrap items-center gap-3">
        <label
          htmlFor={inputId}
          className={cn(
            buttonClasses('secondary'),
            'cursor-pointer has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-3 has-[:focus-visible]:outline-main',
            isUploading && 'pointer-events-none opacity-60',
          )}
        >
          {isUploading ? 'Subiendo...' : label}
          <input
            id={inputId}
            type="file"
            accept={IMAGE_ACCEPT}
            aria-label={accessibleLabel}
            aria-describedby={shownError ? `${hintId} ${errorId}` : hintId}
            aria-invalid={shownError ? true : undefined}
            disabled={isUploading}
            onChange={(event) => void handleChange(event)}
            className="sr-only"
          />
        </label>
        {isUploading ? (
          <span role="status" className="text-sm text-slate-700">
            Subiendo el archivo...
          </span>
        ) : null}
      </div>
      <p id={hintId} className="text-sm text-slate-600">
        {hint ? `${hint} ` : ''}PNG, JPG, WEBP, AVIF o SVG. {SIZE_HINT}
      </p>
      {shownError ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-red-700">
          {shownError}
        </p>
      ) : null}
    </div>
  );
}
