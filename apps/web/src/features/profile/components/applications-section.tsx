import { useRef, useState } from 'react';
import { Button, ButtonLink, buttonClasses } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/dialog';
import { Alert } from '../../../components/ui/alert';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { showToast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { useStudentApplications } from '../../../entities/application/api/get-student-applications';
import { useUpdateApplication } from '../../../entities/application/api/update-application';
import type { StudentApplication } from '../../../entities/application/types';
import { formatLongDate } from '../utils/relative-time';
import { canWithdraw } from '../utils/withdrawal';
import { ApplicationStatusBadge } from '../../../entities/application/components/application-status-badge';
import { ProjectItem } from './project-item';
import { EmptyState, SectionError } from './section-states';

interface ApplicationsSectionProps {
  studentId: number;
  /** Whether /projects is offered (projects feature enabled). */
  canBrowseProjects: boolean;
}

/**
 * "Candidaturas": every application of the student, newest first, with its status, the message
 * that came with the last change and the assigned tutor; undecided ones can be withdrawn after a
 * confirmation (ADR 0029).
 */
export function ApplicationsSection({ studentId, canBrowseProjects }: ApplicationsSectionProps) {
  const applications = useStudentApplications(studentId);
  const [confirming, setConfirming] = useState<StudentApplication | null>(null);

  if (applications.isPending) return <LoadingStatus />;
  if (applications.isError) return <SectionError onRetry={() => void applications.refetch()} />;
  if (applications.data.length === 0) {
    return (
      <EmptyState
        action={canBrowseProjects ? <ButtonLink to="/projects">Ver proyectos</ButtonLink> : null}
      >
        Todavía no has presentado ninguna candidatura. Cuando te apuntes a un proyecto, aquí verás
        en qué punto está.
      </EmptyState>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      <ul className="flex flex-col gap-3">
        {applications.data.map((application) => (
          <ProjectItem
            key={application.id}
            project={application.project}
            badge={<ApplicationStatusBadge status={application.status} />}
          >
            {application.statusMessage ? (
              <p className="text-sm text-slate-800">
                <span className="font-semibold">Mensaje: </span>
                {application.statusMessage}
              </p>
            ) : null}
            {application.tutorName ? (
              <p className="text-sm text-slate-800">
                <span className="font-semibold">Tutor asignado: </span>
                {application.tutorName}
              </p>
            ) : null}
            <div className="flex flex-wrap items-center justify-between gap-3">
              <p className="text-sm text-slate-600">
                Presentada el{' '}
                <time dateTime={application.createdAt}>
                  {formatLongDate(application.createdAt)}
                </time>
              </p>
              {canWithdraw(application.status) ? (
                <Button
                  variant="secondary"
                  onClick={() => setConfirming(application)}
                  aria-label={`Retirar candidatura a ${application.project?.title ?? 'este proyecto'}`}
                >
                  Retirar candidatura
                </Button>
              ) : null}
            </div>
          </ProjectItem>
        ))}
      </ul>
      <WithdrawDialog
        application={confirming}
        onClose={() => setConfirming(null)}
        onWithdrawn={(title) => {
          setConfirming(null);
          showToast(`Has retirado tu candidatura a «${title}».`);
        }}
      />
    </div>
  );
}

function WithdrawDialog({
  application,
  onClose,
  onWithdrawn,
}: {
  application: StudentApplication | null;
  onClose: () => void;
  onWithdrawn: (title: string) => void;
}) {
  const withdraw = useUpdateApplication();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const title = application?.project?.title ?? 'este proyecto';
  const close = () => {
    withdraw.reset();
    onClose();
  };
  return (
    <Modal
      isOpen={application !== null}
      onClose={close}
      title="¿Retirar tu candidatura?"
      description={
        <>
          Vas a retirar tu candidatura a «{title}». La organización dejará de tenerla en cuenta y no
          podrás volver a inscribirte en este proyecto.
        </>
      }
      // The safe choice takes the focus: Enter by mistake does not withdraw.
      initialFocus={cancelRef}
    >
      {withdraw.isError ? (
        <Alert tone="error" className="mb-4">
          {withdraw.error instanceof ApiError && withdraw.error.isClientError
            ? withdraw.error.message
            : 'No se ha podido retirar la candidatura. Inténtalo de nuevo en unos minutos.'}
        </Alert>
      ) : null}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button
          ref={cancelRef}
          type="button"
          onClick={close}
          className={buttonClasses('secondary')}
        >
          Cancelar
        </button>
        <Button
          variant="danger"
          isPending={withdraw.isPending}
          onClick={() => {
            if (!application) return;
            withdraw.mutate(
              { id: application.id, change: { status: 'Retirada' } },
              {
                onSuccess: () => {
                  withdraw.reset();
                  onWithdrawn(title);
                },
              },
            );
          }}
        >
          Retirar candidatura
        </Button>
      </div>
    </Modal>
  );
}
