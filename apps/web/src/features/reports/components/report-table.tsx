import { cn } from '../../../lib/cn';
import type { ReportTable } from '../types';
import { formatCount } from '../utils/format';

/**
 * A chart's numbers as a table: the accessible view of every chart (ADR 0049). Row headings are
 * what each bar or point is about; a row with a colour of its own shows a swatch.
 */
export function ReportTableView({
  caption,
  table,
  className,
}: {
  caption: string;
  table: ReportTable;
  className?: string;
}) {
  return (
    <div className={cn('overflow-x-auto', className)}>
      <table className="w-full border-collapse text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-300">
            {table.columns.map((column, index) => (
              <th
                key={column}
                scope="col"
                className={cn(
                  'px-2 py-2 font-semibold text-slate-900',
                  index > 0 && 'text-right whitespace-nowrap',
                )}
              >
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row) => (
            <tr key={row.label} className="border-b border-slate-200 last:border-b-0">
              <th scope="row" className="px-2 py-1.5 font-normal text-slate-800">
                <span className="flex items-center gap-2">
                  {row.color ? (
                    <span
                      aria-hidden="true"
                      className="size-3 shrink-0 rounded-sm"
                      style={{ backgroundColor: row.color }}
                    />
                  ) : null}
                  {row.label}
                </span>
              </th>
              {row.values.map((value, index) => (
                <td key={index} className="px-2 py-1.5 text-right text-slate-900 tabular-nums">
                  {formatCount(value)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
