import { useMemo } from 'react';
import { Alert } from '../../../components/ui/alert';
import { SubmissionStatus } from '../../../components/ui/submission-status';
import { DynamicForm, type FormAction } from '../../../forms/dynamic-form';
import type { FormValues } from '../../../forms/types';
import type { ProjectRecord } from '../../../entities/project/types';
import { isTransient } from '../../../lib/api-client';
import { useSaveProject, type SaveStatus } from '../api/save-project';
import {
  buildProjectItems,
  PROJECT_STEPS,
  type ProjectCatalogueFetchers,
} from '../utils/project-items';
import { toProjectValues } from '../utils/project-values';
import { ApiErrorAlert } from './api-error-alert';

/** The buttons of the last step. */
export const SAVE_DRAFT = 'Guardar borrador';
export const SEND_TO_REVIEW = 'Enviar a revisión';
export const SAVE_CHANGES = 'Guardar cambios';

interface ProjectEditorProps {
  fetchers: ProjectCatalogueFetchers;
  /** The project being edited; without it a new one is created. */
  project?: ProjectRecord;
  /** After saving: the saved project and the status it was saved with. */
  onSaved: (project: ProjectRecord, status: SaveStatus | undefined) => void;
}

/**
 * Creating or editing a project with the form engine (spec §3 Project, ADR 0028). A new project
 * is saved as a draft ("Pendiente") or sent to review ("Por validar"); an edit keeps the status,
 * or sends a draft or a rejected project to review. A rejected project shows why.
 */
export function ProjectEditor({ fetchers, project, onSaved }: ProjectEditorProps) {
  const items = useMemo(() => buildProjectItems(fetchers), [fetchers]);
  const initialValues = useMemo(
    () => (project ? toProjectValues(project.attributes) : undefined),
    [project],
  );
  const save = useSaveProject(project);
  const status = project?.attributes.status;
  const canSendToReview = !project || status === 'Pendiente' || status === 'Rechazada';

  const actions: FormAction[] = project
    ? [
        { key: 'save', label: SAVE_CHANGES, variant: canSendToReview ? 'secondary' : 'primary' },
        ...(canSendToReview ? [{ key: 'review', label: SEND_TO_REVIEW }] : []),
      ]
    : [
        { key: 'draft', label: SAVE_DRAFT, variant: 'secondary' },
        { key: 'review', label: SEND_TO_REVIEW },
      ];

  const send = (sent: { values: FormValues; status?: SaveStatus }) =>
    save.mutate(sent, { onSuccess: (saved) => onSaved(saved, sent.status) });

  const submit = (values: FormValues, action: string) => {
    if (save.isPending) return;
    const saveStatus: SaveStatus | undefined =
      action === 'review' ? 'Por validar' : action === 'draft' ? 'Pendiente' : undefined;
    send({ values, status: saveStatus });
  };

  return (
    <div className="flex flex-col gap-6">
      {status === 'Rechazada' ? (
        <Alert tone="error" className="flex flex-col gap-1">
          <strong className="font-semibold">
            El equipo de la plataforma rechazó este proyecto.
          </strong>
          <span>
            Motivo: {project?.attributes.rejection_reason?.trim() || 'no se indicó ningún motivo.'}
          </span>
          <span>Corrígelo y vuelve a enviarlo a revisión.</span>
        </Alert>
      ) : null}
      {status === 'Publicada' ? (
        <Alert tone="info">
          Este proyecto está publicado: los cambios se verán en cuanto los guardes.
        </Alert>
      ) : null}
      {/* A full API or a lost connection is said beside the buttons, where the person is. */}
      <ApiErrorAlert
        error={isTransient(save.error) ? null : save.error}
        fallback="No se ha podido guardar el proyecto. Inténtalo de nuevo en unos minutos."
      />
      <DynamicForm
        items={items}
        initialValues={initialValues}
        stepTitles={PROJECT_STEPS}
        progressLabel="Progreso del proyecto"
        actions={actions}
        onSubmit={submit}
        isPending={save.isPending}
        status={
          <SubmissionStatus
            retrying={save.retrying}
            failure={save.error}
            // The same values and button again: the same body, so the same key (ADR 0070).
            onTryAgain={() => {
              if (save.variables) send(save.variables);
            }}
            className="grow basis-64"
          />
        }
      />
    </div>
  );
}
