import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { useSession } from '../../../features/auth/hooks/use-session';
import { useMyResult } from '../../../features/questionnaire/api/get-my-result';
import { CompetenceResult } from '../../../features/questionnaire/components/competence-result';
import { QuestionnaireForm } from '../../../features/questionnaire/components/questionnaire-form';
import type { QuestionnaireResult } from '../../../features/questionnaire/types';

/**
 * /cuestionario (spec §9, issue 5): a signed-in student with a previous result sees it first, with
 * a retake; everyone else (visitors too, ADR 0018) gets the questionnaire, then their result.
 */
export function QuestionnaireRoute() {
  const { status, user } = useSession();
  const isStudent = user?.profileType === 'student';
  const myResult = useMyResult({ enabled: status === 'authenticated' && isStudent });
  const [latest, setLatest] = useState<QuestionnaireResult | null>(null);
  // `?repetir=1` (the profile's "Repetir el cuestionario") opens the questionnaire at once.
  const [searchParams] = useSearchParams();
  const [isRetaking, setIsRetaking] = useState(() => searchParams.get('repetir') === '1');
  const contact = useMemo(
    () => (user ? { name: user.name ?? '', surname: user.surname ?? '', email: user.email } : null),
    [user],
  );

  const result = latest ?? (isStudent ? (myResult.data ?? null) : null);

  let content;
  if (status === 'loading' || (isStudent && myResult.isPending)) {
    content = <LoadingStatus />;
  } else if (result && !isRetaking) {
    content = (
      <CompetenceResult
        result={result}
        onRetake={() => {
          setIsRetaking(true);
          window.scrollTo({ top: 0 });
        }}
      />
    );
  } else {
    content = (
      <>
        {isStudent && myResult.isError ? (
          <Alert tone="error">No hemos podido cargar tu último resultado.</Alert>
        ) : null}
        <QuestionnaireForm
          key={user?.email ?? 'visitor'}
          contact={contact}
          onSubmitted={(submitted) => {
            setLatest(submitted);
            setIsRetaking(false);
            window.scrollTo({ top: 0 });
          }}
        />
      </>
    );
  }

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-5 px-3 py-5 sm:gap-6 sm:px-6 sm:py-10">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">
          Cuestionario de competencias
        </h1>
        <p className="text-sm text-slate-700">
          Descubre tu nivel en flexibilidad, iniciativa, trabajo en equipo, comunicación y
          pensamiento de crecimiento.
        </p>
      </div>
      <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        {content}
      </div>
    </div>
  );
}
