import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/alert';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { useSession } from '../../../features/auth/hooks/use-session';
import { usePermissions } from '../../../features/permissions/api/get-permissions';
import { useOrganization } from '../../../features/publishing/api/get-organization';
import { getErrorMessage } from '../../../features/publishing/components/api-error-alert';
import { OrganizationEditForm } from '../../../features/publishing/components/organization-form';
import type { NoticeState } from '../use-notice-toast';
import { PublishingPage, Refusal } from './publishing-gates';

export const ORGANIZATION_SAVED_NOTICE =
  'Cambios guardados. Los estudiantes ya ven los nuevos datos de tu organización.';

const INTRO =
  'Los estudiantes ven estos datos junto a vuestros proyectos, salvo el contacto privado.';

/**
 * `/organizations/editar` (ADR 0033): a coordinator edits their organisation with the creation
 * form, its answers filled in, saved with `PUT /api/organizations/:id`; the server lets them edit
 * only their own, while their organizations.update switch is on. Without an organisation the
 * page says so and offers to create one.
 */
export function EditOrganizationRoute() {
  const { details } = useSession();
  const { permissions, isPending } = usePermissions();
  const organization = details?.organization ?? null;

  if (isPending) return <LoadingStatus />;
  if (!organization) {
    return (
      <PublishingPage title="Tu organización">
        <div className="flex flex-col items-start gap-4 rounded-xl border border-dashed border-slate-300 bg-slate-50 px-5 py-8">
          <p className="text-base text-slate-800">Todavía no perteneces a ninguna organización.</p>
          {permissions.organizations.create ? (
            <ButtonLink to="/organizations/create">Crea tu organización</ButtonLink>
          ) : (
            <p className="text-sm text-slate-700">
              Cuando el equipo de la plataforma te vincule a tu organización podrás editar aquí sus
              datos.
            </p>
          )}
        </div>
      </PublishingPage>
    );
  }
  if (!permissions.organizations.enabled || !permissions.organizations.update) {
    return (
      <Refusal
        title="La edición de organizaciones no está disponible"
        text="Ahora mismo no se pueden cambiar los datos de las organizaciones. Si necesitas corregir algo, escribe al equipo de la plataforma."
      />
    );
  }
  return <EditOrganization id={organization.id} />;
}

function EditOrganization({ id }: { id: number }) {
  const organization = useOrganization(id);
  const navigate = useNavigate();
  const onSaved = useCallback(() => {
    const state: NoticeState = { notice: ORGANIZATION_SAVED_NOTICE };
    void navigate('/organizations', { state });
  }, [navigate]);

  if (organization.isPending) return <LoadingStatus />;
  if (organization.isError) {
    return (
      <PublishingPage title="Tu organización">
        <Alert tone="error" className="flex flex-wrap items-center justify-between gap-3">
          <span>
            {getErrorMessage(
              organization.error,
              'No se han podido cargar los datos de tu organización. Inténtalo de nuevo en unos minutos.',
            )}
          </span>
          <Button variant="secondary" onClick={() => void organization.refetch()}>
            Reintentar
          </Button>
        </Alert>
      </PublishingPage>
    );
  }
  const record = organization.data;
  return (
    <PublishingPage title={`Editar «${record.attributes.name}»`} intro={INTRO}>
      <OrganizationEditForm key={record.id} organization={record} onSaved={onSaved} />
    </PublishingPage>
  );
}
