import { useMemo } from 'react';
import { Alert } from '../../../components/ui/alert';
import { ApiError } from '../../../lib/api-client';
import { DynamicForm } from '../../../forms/dynamic-form';
import { useSubmitQuestionnaire } from '../api/submit-questionnaire';
import type { QuestionnaireContact, QuestionnaireResult } from '../types';
import {
  buildQuestionnaireItems,
  getInitialContactValues,
  toSubmission,
} from '../utils/build-questionnaire';

function getSubmitErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 429) {
    return 'Se han enviado demasiados cuestionarios en poco tiempo. Vuelve a intentarlo más tarde.';
  }
  if (error instanceof ApiError && error.status === 400) {
    return 'No hemos podido guardar tus respuestas: revisa que todas las preguntas obligatorias y tus datos de contacto estén completos.';
  }
  return 'No hemos podido enviar tus respuestas. Comprueba tu conexión y vuelve a intentarlo.';
}

interface QuestionnaireFormProps {
  /** What is known of the signed-in user, to prefill the contact step (spec §9). */
  contact?: Partial<QuestionnaireContact> | null;
  onSubmitted: (result: QuestionnaireResult) => void;
}

/**
 * Spec §9 Competence questionnaire: the five competence sections, "Para terminar" and the contact
 * step, one step at a time; the answers go to the server, which scores them.
 */
export function QuestionnaireForm({ contact, onSubmitted }: QuestionnaireFormProps) {
  const items = useMemo(() => buildQuestionnaireItems(), []);
  const initialValues = useMemo(() => getInitialContactValues(contact), [contact]);
  const submit = useSubmitQuestionnaire();

  return (
    <div className="flex flex-col gap-5">
      <p className="text-sm text-slate-700">
        Indica en qué medida estás de acuerdo con cada afirmación, de 0 (Totalmente en desacuerdo) a
        6 (Totalmente de acuerdo). No hay respuestas correctas ni incorrectas.
      </p>
      {submit.isError ? <Alert tone="error">{getSubmitErrorMessage(submit.error)}</Alert> : null}
      <DynamicForm
        items={items}
        initialValues={initialValues}
        progressLabel="Progreso del cuestionario"
        submitLabel={submit.isPending ? 'Enviando...' : 'Finalizar'}
        onSubmit={(values) => {
          if (submit.isPending) return;
          submit.mutate(toSubmission(values), { onSuccess: onSubmitted });
        }}
      />
    </div>
  );
}
