import { COMPETENCE_SCALE } from '@plataforma/shared';
import type { QuestionnaireResult } from '../types';
import { formatScore, getScoreRows } from '../utils/result-summary';

/**
 * The five competences as a bar chart on the 0 to 6 scale. The chart is a table, so the numbers
 * are read as text too; the bars are decoration. The result page and the profile show it alike.
 */
export function CompetenceScores({ result }: { result: QuestionnaireResult }) {
  return (
    <table className="w-full border-separate border-spacing-y-2 text-sm">
      <caption className="mb-1 text-left text-slate-700">
        Puntuación media por competencia, de {COMPETENCE_SCALE.min} ({COMPETENCE_SCALE.minLabel}) a{' '}
        {COMPETENCE_SCALE.max} ({COMPETENCE_SCALE.maxLabel}).
      </caption>
      <thead className="sr-only">
        <tr>
          <th scope="col">Competencia</th>
          <th scope="col">Puntuación</th>
        </tr>
      </thead>
      <tbody>
        {getScoreRows(result).map((row) => (
          <tr key={row.key}>
            <th
              scope="row"
              className="w-32 pr-3 text-left align-middle font-semibold text-slate-900 sm:w-56"
            >
              {row.name}
            </th>
            <td className="align-middle">
              <div className="flex items-center gap-3">
                <div
                  aria-hidden="true"
                  className="h-4 flex-1 overflow-hidden rounded-full bg-slate-200"
                >
                  <div
                    data-testid={`bar-${row.key}`}
                    className="h-full rounded-full bg-main"
                    style={{ width: `${row.percent}%` }}
                  />
                </div>
                <span className="w-16 shrink-0 text-right tabular-nums text-slate-900">
                  {formatScore(row.score)}
                  <span className="text-slate-700"> / {COMPETENCE_SCALE.max}</span>
                </span>
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
