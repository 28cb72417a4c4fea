import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/alert';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { useFeaturePermissions } from '../../../features/settings/api/get-feature-permissions';
import { useSaveFeaturePermissions } from '../../../features/settings/api/save-feature-permissions';
import { PermissionMatrix } from '../../../features/settings/components/permission-matrix';

/** `/admin/ajustes/permisos`: which features each role sees and may use (spec §3). */
export function PermissionsSettingsRoute() {
  const permissions = useFeaturePermissions();
  const save = useSaveFeaturePermissions();

  return (
    <section aria-labelledby="ajustes-permisos" className="flex flex-col gap-6">
      <div>
        <h2 id="ajustes-permisos" className="text-xl font-bold text-slate-900">
          Permisos
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          Qué funciones ve y puede usar cada rol. «Acceso» muestra la función en los menús; «Crear»
          y «Editar» permiten publicar y gestionar donde la función lo admite. Una función sin
          activar no aparece para ese rol.
        </p>
      </div>
      {permissions.isPending ? (
        <LoadingStatus />
      ) : permissions.isError ? (
        <div className="flex flex-col items-start gap-3">
          <Alert tone="error">No se pudieron cargar los permisos.</Alert>
          <Button variant="secondary" onClick={() => void permissions.refetch()}>
            Reintentar
          </Button>
        </div>
      ) : (
        <PermissionMatrix
          rows={permissions.data}
          onSave={async (changes) => {
            await save.mutateAsync(changes);
          }}
        />
      )}
    </section>
  );
}
