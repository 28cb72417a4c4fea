import { APPLICATION_STATUSES, type ApplicationStatus } from '@plataforma/shared';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/dialog';
import { CheckboxField } from '../../../components/ui/form';
import { candidatesAudience } from '../utils/audience';
import { MessageForm } from './message-form';

const CANDIDATES = { one: 'candidato', many: 'candidatos' };

/** Every candidate, or those whose application is in the statuses ticked. */
function StatusChoice({
  statuses,
  onChange,
}: {
  statuses: ApplicationStatus[] | null;
  onChange: (statuses: ApplicationStatus[] | null) => void;
}) {
  const name = useId();
  return (
    <div className="flex flex-col gap-3">
      <label className="inline-flex items-center gap-2 text-sm text-slate-900">
        <input
          type="radio"
          name={name}
          checked={statuses === null}
          onChange={() => onChange(null)}
          className="size-4 accent-main"
        />
        Todos los candidatos del proyecto
      </label>
      <label className="inline-flex items-center gap-2 text-sm text-slate-900">
        <input
          type="radio"
          name={name}
          checked={statuses !== null}
          onChange={() => onChange([])}
          className="size-4 accent-main"
        />
        Solo los candidatos en estos estados:
      </label>
      {statuses !== null ? (
        <fieldset className="ml-6 flex flex-col gap-2">
          <legend className="sr-only">Estados de la candidatura</legend>
          {APPLICATION_STATUSES.map((status) => (
            <CheckboxField
              key={status}
              label={status}
              checked={statuses.includes(status)}
              onChange={(event) =>
                onChange(
                  event.target.checked
                    ? APPLICATION_STATUSES.filter((s) => s === status || statuses.includes(s))
                    : statuses.filter((s) => s !== status),
                )
              }
            />
          ))}
        </fieldset>
      ) : null}
    </div>
  );
}

interface WriteToCandidatesProps {
  projectId: number;
  /** The status the candidates page is filtered by: the dialog starts with it. */
  initialStatus: ApplicationStatus | null;
}

/**
 * "Escribir a los candidatos" (ADR 0046): the candidates page's way for its publisher (a teacher,
 * a coordinator) to write to the candidates of the project, all or by the status of their
 * application, with the composer's message form. The server narrows the audience to the sender's
 * own candidates whatever is asked (ADR 0045).
 */
export function WriteToCandidates({ projectId, initialStatus }: WriteToCandidatesProps) {
  const [isOpen, setIsOpen] = useState(false);
  const [statuses, setStatuses] = useState<ApplicationStatus[] | null>(null);
  // "By status" with none ticked is not "everyone": nothing is counted or sent until one is.
  const audienceProblem =
    statuses !== null && statuses.length === 0 ? 'Marca al menos un estado.' : null;

  return (
    <>
      <Button
        variant="secondary"
        onClick={() => {
          setStatuses(initialStatus ? [initialStatus] : null);
          setIsOpen(true);
        }}
      >
        Escribir a los candidatos
      </Button>
      <Modal
        isOpen={isOpen}
        onClose={() => setIsOpen(false)}
        size="lg"
        title="Escribir a los candidatos"
        description="Cada candidato la recibe en su centro de comunicaciones y, si lo tiene activado en sus preferencias, por correo."
      >
        <MessageForm
          audience={candidatesAudience(projectId, statuses ?? [])}
          audienceProblem={audienceProblem}
          noun={CANDIDATES}
          audienceFields={<StatusChoice statuses={statuses} onChange={setStatuses} />}
          onCancel={() => setIsOpen(false)}
          onSent={() => setIsOpen(false)}
        />
      </Modal>
    </>
  );
}
