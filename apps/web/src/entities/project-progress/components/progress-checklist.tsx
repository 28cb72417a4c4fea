import { useId } from 'react';
import {
  PROGRESS_MILESTONES,
  type ProgressMilestone,
  type ProgressState,
} from '@plataforma/shared';
import { cn } from '../../../lib/cn';

interface ProgressChecklistProps {
  /** The group's accessible name, e.g. "Avance de «Título»". */
  legend: string;
  progress: ProgressState;
  /** Without it the list is read-only (ticks shown, nothing to change). */
  onToggle?: (milestone: ProgressMilestone, done: boolean) => void;
  /**
   * The milestone being saved: the boxes ignore clicks until the answer comes (not `disabled`,
   * which would drop the keyboard focus of the box just ticked).
   */
  pendingMilestone?: ProgressMilestone | null;
  className?: string;
}

/**
 * The progress of a project as a checklist (a stepper that wraps at 360 px): a native checkbox
 * per milestone inside a fieldset, plus "n de 5 completados" and a bar. Presentational: the
 * caller saves the change (students in /profile, tutors in /teachers/dashboard).
 */
export function ProgressChecklist({
  legend,
  progress,
  onToggle,
  pendingMilestone = null,
  className,
}: ProgressChecklistProps) {
  const id = useId();
  const done = PROGRESS_MILESTONES.filter((m) => progress[m.key]).length;
  const total = PROGRESS_MILESTONES.length;
  return (
    <fieldset className={cn('flex min-w-0 flex-col gap-3', className)}>
      <legend className="mb-2 text-sm font-semibold text-slate-900">{legend}</legend>
      <div className="flex items-center gap-3">
        <progress
          id={`${id}-bar`}
          value={done}
          max={total}
          aria-label={`${done} de ${total} hitos completados`}
          className="h-2 w-full max-w-xs overflow-hidden rounded-full [&::-moz-progress-bar]:bg-main [&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:bg-main"
        />
        <span className="shrink-0 text-sm text-slate-700">
          {done} de {total} completados
        </span>
      </div>
      <ol className="grid gap-2 sm:grid-cols-5">
        {PROGRESS_MILESTONES.map((milestone, index) => {
          const checked = progress[milestone.key];
          const inputId = `${id}-${milestone.key}`;
          return (
            <li
              key={milestone.key}
              className={cn(
                'flex items-center gap-2 rounded-lg border px-3 py-2 text-sm',
                checked ? 'border-green-300 bg-green-50' : 'border-slate-200 bg-white',
              )}
            >
              <input
                id={inputId}
                type="checkbox"
                checked={checked}
                readOnly={!onToggle}
                disabled={!onToggle}
                aria-busy={pendingMilestone === milestone.key || undefined}
                onChange={(event) => {
                  if (pendingMilestone === null) onToggle?.(milestone.key, event.target.checked);
                }}
                className="size-4 shrink-0 rounded border-slate-400 accent-main"
              />
              <label htmlFor={inputId} className="min-w-0 text-slate-900">
                <span className="sr-only">Paso {index + 1}: </span>
                {milestone.label}
              </label>
            </li>
          );
        })}
      </ol>
    </fieldset>
  );
}

/** Reads the five milestones out of a progress record; anything missing counts as not done. */
export function toProgressState(record: object | null | undefined): ProgressState {
  const fields = (record ?? {}) as Partial<Record<string, unknown>>;
  const state = {} as ProgressState;
  for (const { key } of PROGRESS_MILESTONES) state[key] = fields[key] === true;
  return state;
}
