import { cn } from '../../../lib/cn';
import { findOds, odsInk } from '../utils/project-facts';

/**
 * The project's Sustainable Development Goals as tiles in the official UN colours with number
 * and name (no external images). The ink is white or near-black, whichever contrasts more (at
 * least 4.5:1 for all 17). `sm` shows the numbers only, the names stay for screen readers.
 */
export function OdsTiles({ ods, size = 'md' }: { ods: number[]; size?: 'sm' | 'md' }) {
  const known = ods.map(findOds).filter((entry) => entry !== undefined);
  if (known.length === 0) return null;
  return (
    <ul
      aria-label="Objetivos de Desarrollo Sostenible"
      className={cn('flex flex-wrap', size === 'sm' ? 'gap-1.5' : 'gap-2')}
    >
      {known.map((entry) => (
        <li
          key={entry.number}
          title={size === 'sm' ? `ODS ${entry.number}: ${entry.name}` : undefined}
          style={{ backgroundColor: entry.color, color: odsInk(entry.color) }}
          className={cn(
            'flex items-center gap-2 rounded-md font-semibold',
            size === 'sm'
              ? 'min-w-8 justify-center px-2 py-1 text-sm'
              : 'w-full px-3 py-2 text-sm sm:w-64',
          )}
        >
          <span className={cn('font-extrabold', size === 'md' && 'text-2xl')}>
            <span className="sr-only">ODS </span>
            {entry.number}
          </span>
          <span className={size === 'sm' ? 'sr-only' : 'leading-tight'}>
            <span className="sr-only">: </span>
            {entry.name}
          </span>
        </li>
      ))}
    </ul>
  );
}
