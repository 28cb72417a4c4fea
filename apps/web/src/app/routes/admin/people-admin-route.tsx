import { IMPORT_VIEW, PeopleScreen } from '../../../features/people-admin/components/people-screen';
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
    </RequireAdmin>
  );
}
