import { IMPORT_FILE_SIZE_LIMIT_MB } from '@plataforma/shared';
import { useId, type ChangeEvent, type Ref } from 'react';
import { cn } from '../../lib/cn';
import { buttonClasses } from '../ui/button';
import { IMPORT_ACCEPT, importFileProblem } from './import-file';

interface ImportFilePickerProps {
  /** The file chosen, if any (its name is shown beside the button). */
  file: File | null;
  /** Why the last file chosen was refused, shown as an alert; null when it was fine. */
  problem: string | null;
  /**
   * A file was chosen: the file when it may be imported, else null and why not (checked here,
   * before anything is sent).
   */
  onChoose: (file: File | null, problem: string | null) => void;
  disabled?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * The imports' file input (the library's external works, the people; ADR 0039, ADR 0048): a
 * button-looking label around a visually hidden input, so the name it reads is the button's
 * ("Elegir archivo", then "Elegir otro archivo"), the chosen file's name beside it, the accepted
 * types and size, and the refusal of a file that is not CSV or XLSX or weighs too much.
 */
export function ImportFilePicker({
  file,
  problem,
  onChoose,
  disabled = false,
  inputRef,
}: ImportFilePickerProps) {
  const id = useId();
  function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0];
    // Choosing the same file again (corrected and saved under the same name) fires again.
    event.target.value = '';
    if (!chosen) return;
    const refused = importFileProblem(chosen);
    onChoose(refused ? null : chosen, refused);
  }
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex flex-wrap items-center gap-3">
        <label
          className={cn(
            buttonClasses('primary'),
            'cursor-pointer has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-3 has-[:focus-visible]:outline-main',
            disabled && 'pointer-events-none opacity-60',
          )}
        >
          {file ? 'Elegir otro archivo' : 'Elegir archivo'}
          <input
            ref={inputRef}
            type="file"
            accept={IMPORT_ACCEPT}
            disabled={disabled}
            aria-describedby={`${id}-hint${problem ? ` ${id}-error` : ''}`}
            aria-invalid={problem ? true : undefined}
            onChange={choose}
            className="sr-only"
          />
        </label>
        <span className="min-w-0 text-sm break-words text-slate-700">
          {file ? file.name : 'Ningún archivo elegido'}
        </span>
      </div>
      <p id={`${id}-hint`} className="text-sm text-slate-600">
        CSV o XLSX. El archivo debe pesar menos de {IMPORT_FILE_SIZE_LIMIT_MB}MB.
      </p>
      {problem ? (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-700">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
