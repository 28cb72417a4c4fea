/**
 * A count of an import's review or result, as a term and its number in a `<dl>` (the people's
 * loads, ADR 0048, and the catalogue's, ADR 0065).
 */
export function ImportFigure({
  term,
  value,
  tone,
}: {
  term: string;
  value: number;
  /** 'bad': the number is red when it is not zero (rows with errors); 'warn': amber (warnings). */
  tone?: 'bad' | 'warn';
}) {
  return (
    <div className="flex flex-col rounded-xl border border-slate-200 bg-white px-3 py-3 sm:px-4">
      <dt className="text-sm text-slate-700">{term}</dt>
      <dd
        className={
          tone === 'bad' && value > 0
            ? 'text-2xl font-bold text-red-700 tabular-nums'
            : tone === 'warn' && value > 0
              ? 'text-2xl font-bold text-amber-800 tabular-nums'
              : 'text-2xl font-bold text-slate-900 tabular-nums'
        }
      >
        {value.toLocaleString('es-ES')}
      </dd>
    </div>
  );
}
