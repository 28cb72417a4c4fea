import { cn } from '../../lib/cn';
import { findOds, odsInk } from '../../lib/ods';

/**
 * A project's or a final work's Sustainable Development Goals in the official UN colours, each with its number
 * and its official short name (no external images). The ink is white or near-black, whichever
 * contrasts more (at least 4.5:1 for all 17). `sm` is the cards' compact form: small labels that
 * wrap; `md` the project page's tiles. A colour and a number alone say nothing to most people.
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
          style={{ backgroundColor: entry.color, color: odsInk(entry.color) }}
          className={cn(
            'flex items-center rounded-md font-semibold',
            size === 'sm'
              ? 'max-w-full gap-1.5 px-2 py-1 text-xs leading-tight'
              : 'w-full gap-2 px-3 py-2 text-sm sm:w-64',
          )}
        >
          <span className={cn('shrink-0 font-extrabold', size === 'md' ? 'text-2xl' : 'text-sm')}>
            <span className="sr-only">ODS </span>
            {entry.number}
          </span>
          <span className="leading-tight">
            <span className="sr-only">: </span>
            {entry.name}
          </span>
        </li>
      ))}
    </ul>
  );
}
