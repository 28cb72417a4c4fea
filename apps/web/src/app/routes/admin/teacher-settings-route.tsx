import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/alert';
import { LoadingStatus } from '../../../components/ui/loading-status';
import {
  useSaveTeacherDomains,
  useTeacherDomains,
} from '../../../features/settings/api/teacher-domains';
import { TeacherDomainsForm } from '../../../features/settings/components/teacher-domains-form';

/**
 * `/admin/ajustes/profesorado` (ADR 0051): the email domains of the university's teachers. Who
 * registers as a teacher with one of them may publish at once; anyone else waits for an admin in
 * "Profesorado → Pendientes".
 */
export function TeacherSettingsRoute() {
  const domains = useTeacherDomains();
  const save = useSaveTeacherDomains();
  return (
    <section aria-labelledby="ajustes-profesorado" className="flex flex-col gap-6">
      <div>
        <h2 id="ajustes-profesorado" className="text-xl font-bold text-slate-900">
          Profesorado
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          Quien se registra como profesor con un correo de estos dominios queda verificado y puede
          publicar proyectos en cuanto confirma su correo. El resto espera a que un administrador lo
          apruebe en{' '}
          <Link to="/teachers/load?vista=pendientes" className="text-main-ink underline">
            Profesorado pendiente
          </Link>
          .
        </p>
      </div>
      {domains.isPending ? (
        <LoadingStatus />
      ) : domains.isError ? (
        <div className="flex flex-col items-start gap-3">
          <Alert tone="error">No se pudieron cargar los dominios del profesorado.</Alert>
          <Button variant="secondary" onClick={() => void domains.refetch()}>
            Reintentar
          </Button>
        </div>
      ) : (
        <TeacherDomainsForm
          domains={domains.data}
          onSave={async (list) => {
            const answer = await save.mutateAsync(list);
            return answer.data?.attributes.domains ?? [];
          }}
        />
      )}
    </section>
  );
}
