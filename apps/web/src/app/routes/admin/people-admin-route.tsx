import { Alert } from '../../../components/ui/alert';
import { ButtonLink } from '../../../components/ui/button';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { IMPORT_VIEW, PeopleScreen } from '../../../features/people-admin/components/people-screen';
import { usePermissions } from '../../../features/permissions/api/get-permissions';
import { RequireAdmin } from './require-admin';

/** `/students/load`, the admin menu's "Usuarios → Estudiantes" (spec §2, ADR 0050). */
export function StudentsLoadRoute() {
  return (
    <RequireAdmin>
      <PeopleScreen
        title="Estudiantes"
        intro="Todos los estudiantes de la plataforma, publicados o no. Busca, filtra, edita y exporta el resultado."
        importKind="students"
        views={[
          { view: '', label: 'Listado', kind: 'students' },
          { view: IMPORT_VIEW, label: 'Cargar desde un archivo', kind: 'import' },
        ]}
      />
    </RequireAdmin>
  );
}

/** `/teachers/load`, the admin menu's "Usuarios → Profesorado" (spec §2, ADR 0050). */
export function TeachersLoadRoute() {
  return (
    <RequireAdmin>
      <PeopleScreen
        title="Profesorado"
        intro="Todo el profesorado de la plataforma, publicado o no. Busca, filtra, edita y exporta el resultado."
        importKind="teachers"
        views={[
          { view: '', label: 'Listado', kind: 'teachers' },
          // ADR 0051: the self-registered teachers waiting for an admin's decision.
          { view: 'pendientes', label: 'Pendientes', kind: 'pending-teachers' },
          { view: IMPORT_VIEW, label: 'Cargar desde un archivo', kind: 'import' },
        ]}
      />
    </RequireAdmin>
  );
}

/** `/organizations/load`, the admin menu's "Empresas" (spec §2, ADR 0050). */
export function OrganizationsLoadRoute() {
  return (
    <RequireAdmin>
      <OrganizationsScreen />
    </RequireAdmin>
  );
}

/**
 * "Empresas" needs `organizations.enabled` (spec §2): reached by its address while the switch is
 * off, it says so and where to turn it on, as the server refuses the import then.
 */
function OrganizationsScreen() {
  const { permissions, isPending } = usePermissions();
  if (isPending) return <LoadingStatus />;
  if (!permissions.organizations.enabled) {
    return (
      <div className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-3 py-10 sm:px-6">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Empresas</h1>
        <Alert>
          Las organizaciones no están activadas en esta plataforma. Actívalas en los permisos para
          ver las empresas y cargarlas desde un archivo.
        </Alert>
        <ButtonLink to="/admin/ajustes/permisos" variant="secondary" className="self-start">
          Ir a los permisos
        </ButtonLink>
      </div>
    );
  }
  return (
    <PeopleScreen
      title="Empresas"
      intro="Las organizaciones de la plataforma y las personas que las coordinan. Busca, edita y exporta el resultado."
      importKind="organizations"
      views={[
        { view: '', label: 'Organizaciones', kind: 'organizations' },
        { view: 'coordinadores', label: 'Coordinadores', kind: 'coordinators' },
        { view: IMPORT_VIEW, label: 'Cargar desde un archivo', kind: 'import' },
      ]}
    />
  );
}
