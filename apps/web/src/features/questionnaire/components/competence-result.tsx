import { COMPETENCE_SCALE } from '@plataforma/shared';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/form';
import type { QuestionnaireResult } from '../types';
import { formatScore, getScoreRows, hasConsistencyWarning } from '../utils/result-summary';

interface CompetenceResultProps {
  result: QuestionnaireResult;
  onRetake: () => void;
}

function formatDate(iso: string): string | null {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return date.toLocaleDateString('es-ES', { day: 'numeric', month: 'long', year: 'numeric' });
}

/**
 * Issue 5: the result as a bar chart of the five competences on the 0 to 6 scale. The chart is a
 * table, so the numbers are read as text too; the bars are decoration. A short explanation per
 * competence follows, and the honesty signal (ADR 0018) is mentioned gently when it is high.
 */
export function CompetenceResult({ result, onRetake }: CompetenceResultProps) {
  const rows = getScoreRows(result);
  const date = formatDate(result.createdAt);

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h2 className="text-xl font-bold tracking-tight text-slate-900">Tu resultado</h2>
        {date ? <p className="text-sm text-slate-700">Cuestionario respondido el {date}.</p> : null}
      </div>

      <table className="w-full border-separate border-spacing-y-2 text-sm">
        <caption className="mb-1 text-left text-slate-700">
          Puntuación media por competencia, de {COMPETENCE_SCALE.min} ({COMPETENCE_SCALE.minLabel})
          a {COMPETENCE_SCALE.max} ({COMPETENCE_SCALE.maxLabel}).
        </caption>
        <thead className="sr-only">
          <tr>
            <th scope="col">Competencia</th>
            <th scope="col">Puntuación</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
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

      <section aria-labelledby="resultado-explicacion" className="flex flex-col gap-3">
        <h3 id="resultado-explicacion" className="text-lg font-semibold text-slate-900">
          Qué significa cada competencia
        </h3>
        <dl className="flex flex-col gap-3">
          {rows.map((row) => (
            <div key={row.key}>
              <dt className="font-semibold text-slate-900">
                {row.name}: {formatScore(row.score)}
              </dt>
              <dd className="text-sm text-slate-700">
                {row.explanation} {row.levelText}
              </dd>
            </div>
          ))}
        </dl>
      </section>

      {hasConsistencyWarning(result) ? (
        <Alert>
          Has marcado tu acuerdo con varias afirmaciones como «Nunca he dicho una mentira», que casi
          nadie puede suscribir del todo. Es algo muy habitual: a veces respondemos pensando en cómo
          nos gustaría ser. Si quieres un resultado más ajustado, repite el cuestionario
          respondiendo con total sinceridad.
        </Alert>
      ) : null}

      <p className="text-sm text-slate-700">
        Tus competencias cambian con la experiencia: puedes repetir el cuestionario cuando quieras y
        se guardará el resultado más reciente.
      </p>
      <div>
        <Button onClick={onRetake}>Repetir el cuestionario</Button>
      </div>
    </div>
  );
}
