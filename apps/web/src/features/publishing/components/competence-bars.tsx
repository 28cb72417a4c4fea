import { COMPETENCE_SCALE, type CompetenceScores } from '@plataforma/shared';
import { formatScore, getCompetenceBars } from '../utils/candidates';

/**
 * The student's competence scores (questionnaire sections, 0 to 6) as small labelled bars. Each
 * bar is a meter, so its value is read out; the number is shown too.
 */
export function CompetenceBars({ scores }: { scores: CompetenceScores | null | undefined }) {
  const bars = getCompetenceBars(scores);
  if (bars.length === 0) {
    return (
      <p className="text-sm text-slate-600">Aún no ha hecho el cuestionario de competencias.</p>
    );
  }
  return (
    <ul className="flex flex-col gap-2" aria-label="Competencias">
      {bars.map((bar) => (
        <li
          key={bar.key}
          className="grid grid-cols-[minmax(0,9rem)_1fr_2.5rem] items-center gap-2 text-sm"
        >
          <span className="text-slate-800">{bar.name}</span>
          <div
            role="meter"
            aria-label={bar.name}
            aria-valuemin={COMPETENCE_SCALE.min}
            aria-valuemax={COMPETENCE_SCALE.max}
            aria-valuenow={bar.score}
            aria-valuetext={`${formatScore(bar.score)} de ${COMPETENCE_SCALE.max}`}
            className="h-2 overflow-hidden rounded-full bg-slate-200"
          >
            <div className="h-full rounded-full bg-main" style={{ width: `${bar.percent}%` }} />
          </div>
          <span className="text-right tabular-nums text-slate-700" aria-hidden="true">
            {formatScore(bar.score)}
          </span>
        </li>
      ))}
    </ul>
  );
}
