import { useState, type ReactNode } from 'react';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/alert';
import { ReviewStatusBadge } from '../../../entities/tfx/components/review-status-badge';
import type { TfxRecord } from '../../../entities/tfx/types';
import { workPath } from '../../../entities/tfx/utils/paths';
import { WorkForm } from './work-form';

interface WorkUploadProps {
  degreeName: string | null;
  /** The student's own work, if they have one (one per student). */
  work: TfxRecord | null;
  /** Called once the work is sent; `corrected` when an existing one was. */
  onSent: (kind: 'created' | 'corrected') => void;
  /** Where the student's works are listed. */
  profileHref: string;
}

/** The card that says where the student's work stands. */
function WorkState({ work, children }: { work: TfxRecord; children?: ReactNode }) {
  return (
    <div className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 className="min-w-0 flex-1 text-lg font-semibold text-balance text-slate-900">
          {work.attributes.title}
        </h2>
        <ReviewStatusBadge status={work.attributes.review_status} />
      </div>
      {children}
    </div>
  );
}

/**
 * /tfx/create/form: the form for a student without a work; for one who has it, where it stands
 * (spec §2: the upload is offered only while they have none). A pending work can still be
 * edited; a rejected one shows the reason and the form filled in, to correct and resubmit it.
 */
export function WorkUpload({ degreeName, work, onSent, profileHref }: WorkUploadProps) {
  const [isEditing, setIsEditing] = useState(false);
  if (!work) return <WorkForm degreeName={degreeName} onSent={() => onSent('created')} />;

  const { review_status: status, rejection_reason: reason } = work.attributes;
  if (status === 'rejected' || isEditing) {
    return (
      <div className="flex flex-col gap-6">
        {status === 'rejected' ? (
          <Alert tone="error">
            <p className="font-semibold">El equipo de la plataforma ha rechazado tu trabajo.</p>
            {reason ? <p className="mt-1">Motivo: {reason}</p> : null}
            <p className="mt-1">Corrige lo que haga falta y vuelve a enviarlo a revisión.</p>
          </Alert>
        ) : null}
        <WorkForm degreeName={degreeName} work={work} onSent={() => onSent('corrected')} />
      </div>
    );
  }
  if (status === 'pending') {
    return (
      <WorkState work={work}>
        <p className="text-sm text-slate-700">
          Ya has enviado tu trabajo y el equipo de la plataforma lo está revisando. Te avisaremos
          cuando lo publique. Mientras tanto, puedes corregir lo que necesites.
        </p>
        <div className="flex flex-wrap gap-3">
          <Button variant="secondary" onClick={() => setIsEditing(true)}>
            Editar mi trabajo
          </Button>
          <ButtonLink to={profileHref} variant="secondary">
            Ir a mi perfil
          </ButtonLink>
        </div>
      </WorkState>
    );
  }
  return (
    <WorkState work={work}>
      <p className="text-sm text-slate-700">
        Tu trabajo ya está publicado en la biblioteca. Solo se puede subir un trabajo final.
      </p>
      <div className="flex flex-wrap gap-3">
        <ButtonLink to={workPath(work.id)}>Ver mi trabajo</ButtonLink>
        <ButtonLink to={profileHref} variant="secondary">
          Ir a mi perfil
        </ButtonLink>
      </div>
    </WorkState>
  );
}
