import { useCallback, useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { useSession } from '../../../features/auth/hooks/use-session';
import { usePermissions } from '../../../features/permissions/api/get-permissions';
import { OrganizationForm } from '../../../features/publishing/components/organization-form';
import type { NoticeState } from '../use-notice-toast';
import { PublishingPage, Refusal, type NeedsOrganizationState } from './publishing-gates';

export const CREATED_NOTICE = 'Organización creada. Ya puedes publicar sus proyectos.';

export const NEEDS_ORGANIZATION_TEXT =
  'Para publicar proyectos necesitas una organización. Créala primero: solo te llevará unos minutos.';

/**
 * `/organizations/create` (spec §2): a coordinator without organisation, while their role may
 * create organisations (organizations.create). Once created, the session knows it and they land
 * on /organizations.
 */
export function CreateOrganizationRoute() {
  const { details } = useSession();
  const { permissions, isPending } = usePermissions();
  const state = useLocation().state as NeedsOrganizationState | null;
  const [isCreated, setIsCreated] = useState(false);
  const onCreated = useCallback(() => setIsCreated(true), []);

  // A coordinator with an organisation belongs on /organizations: after creating it here, as soon
  // as the session knows it (the list then says it was created).
  if (details?.organization) {
    const notice: NoticeState | undefined = isCreated ? { notice: CREATED_NOTICE } : undefined;
    return <Navigate to="/organizations" replace state={notice} />;
  }
  if (isPending) return <LoadingStatus />;
  if (!permissions.organizations.create) {
    return (
      <Refusal
        title="La creación de organizaciones no está disponible"
        text="Ahora mismo no se pueden crear organizaciones. Vuelve a intentarlo más adelante."
      />
    );
  }
  return (
    <PublishingPage
      title="Crea tu organización"
      intro="Cuéntanos quiénes sois. Los estudiantes verán estos datos junto a vuestros proyectos, salvo el contacto privado."
    >
      {state?.needsOrganization ? <Alert tone="info">{NEEDS_ORGANIZATION_TEXT}</Alert> : null}
      <OrganizationForm onCreated={onCreated} />
    </PublishingPage>
  );
}
