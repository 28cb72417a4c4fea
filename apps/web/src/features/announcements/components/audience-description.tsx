import { useAudienceNames } from '../api/get-audience-names';
import type { AudienceFilter } from '../types';
import { parseAudience } from '../utils/audience';
import { describeAudience } from '../utils/describe-audience';

/**
 * Who a communication was for, in Spanish words (ADR 0046): one line per criterion, the
 * catalogue's and the projects' names looked up by id. Without criteria, everyone the sender
 * reaches.
 */
export function AudienceDescription({ audience }: { audience: AudienceFilter }) {
  const parsed = parseAudience(audience);
  const names = useAudienceNames(parsed);
  const lines = describeAudience(parsed, names.data ?? {});
  if (lines.length === 0) {
    return <p className="text-base text-slate-800">Todos los estudiantes.</p>;
  }
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm text-slate-700">Estudiantes que cumplen todo lo siguiente:</p>
      <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
        {lines.map((line) => (
          <div key={line.term} className="contents">
            <dt className="text-sm font-semibold text-slate-900">{line.term}</dt>
            <dd className="text-sm break-words text-slate-800">{line.detail}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
