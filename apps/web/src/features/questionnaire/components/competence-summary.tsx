import { ButtonLink } from '../../../components/ui/button';
import { formatLongDate } from '../../../lib/dates';
import type { QuestionnaireResult } from '../types';
import { CompetenceScores } from './competence-scores';

/** Where the questionnaire starts again at once, instead of showing the last result first. */
export const RETAKE_QUESTIONNAIRE_PATH = '/cuestionario?repetir=1';

/**
 * The latest questionnaire result in short (the profile's "Tus competencias"): when it was
 * answered, the five scores, and the ways to the full result and to a new attempt.
 */
export function CompetenceSummary({ result }: { result: QuestionnaireResult }) {
  const date = formatLongDate(result.createdAt);
  return (
    <div className="flex flex-col gap-4">
      {date ? (
        <p className="text-sm text-slate-700">
          Tu último resultado, del cuestionario que respondiste el{' '}
          <time dateTime={result.createdAt}>{date}</time>.
        </p>
      ) : null}
      <CompetenceScores result={result} />
      <div className="flex flex-wrap gap-3">
        <ButtonLink to="/cuestionario" variant="secondary">
          Ver qué significa cada competencia
        </ButtonLink>
        <ButtonLink to={RETAKE_QUESTIONNAIRE_PATH} variant="secondary">
          Repetir el cuestionario
        </ButtonLink>
      </div>
    </div>
  );
}
