import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/alert';
import { formatLongDate } from '../../../lib/dates';
import type { QuestionnaireResult } from '../types';
import { formatScore, getScoreRows, hasConsistencyWarning } from '../utils/result-summary';
import { CompetenceScores } from './competence-scores';

interface CompetenceResultProps {
  result: QuestionnaireResult;
  onRetake: () => void;
}

/**
 * Issue 5: the result as a bar chart of the five competences on the 0 to 6 scale. The chart is a
 * table, so the numbers are read as text too; the bars are decoration. A short explanation per
 * competence follows, and the honesty signal (ADR 0018) is mentioned gently when it is high.
 */
export function CompetenceResult({ result, onRetake }: CompetenceResultProps) {
  const rows = getScoreRows(result);
  const date = formatLongDate(result.createdAt);

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h2 className="text-xl font-bold tracking-tight text-slate-900">Tu resultado</h2>
        {date ? <p className="text-sm text-slate-700">Cuestionario respondido el {date}.</p> : null}
      </div>

      <CompetenceScores result={result} />

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
