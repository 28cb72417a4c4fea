import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/alert';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { useFooterEntry } from '../../../features/settings/api/get-footer-section';
import { useUpdateFooterSection } from '../../../features/settings/api/update-footer-section';
import { useUploadImage } from '../../../features/settings/api/upload-image';
import { FooterEditor } from '../../../features/settings/components/footer-editor';

/** `/admin/ajustes/pie`: the footer's rows, columns, images, links and languages (spec §3). */
export function FooterSettingsRoute() {
  const footer = useFooterEntry();
  const update = useUpdateFooterSection();
  const uploadImage = useUploadImage();

  return (
    <section aria-labelledby="ajustes-pie" className="flex flex-col gap-6">
      <div>
        <h2 id="ajustes-pie" className="text-xl font-bold text-slate-900">
          Pie de página
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          El pie de página se organiza en filas y cada fila en columnas. Una columna puede tener
          imágenes, enlaces y un selector de idioma; pulsa «Editar» en una columna para cambiarla.
          Las direcciones de los enlaces empiezan por https://, mailto: o tel:, o son rutas de este
          sitio, como /projects.
        </p>
      </div>
      {footer.isPending ? (
        <LoadingStatus />
      ) : footer.isError ? (
        <div className="flex flex-col items-start gap-3">
          <Alert tone="error">No se pudo cargar el pie de página.</Alert>
          <Button variant="secondary" onClick={() => void footer.refetch()}>
            Reintentar
          </Button>
        </div>
      ) : (
        <FooterEditor
          sections={footer.data.sections}
          onSave={(sections) => update.mutateAsync({ id: footer.data.id, sections })}
          onUploadImage={(file) => uploadImage.mutateAsync(file)}
        />
      )}
    </section>
  );
}
