import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/alert';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { showToast } from '../../../components/ui/toast';
import { useResource } from '../../../entities/resource/api/get-resource';
import { ApiError } from '../../../lib/api-client';
import { useSaveResource } from '../api/save-resource';
import { emptyResourceForm, toResourceForm } from '../utils/resource-form';
import { draftToast, publishedToast } from './resources-admin-list';
import { ResourceForm, type ResourceFormIntent } from './resource-form';

const LIST_PATH = '/admin/recursos';

function confirmation(title: string, intent: ResourceFormIntent, isNew: boolean): string {
  if (intent === 'publish') return publishedToast(title);
  if (intent === 'draft') {
    return isNew
      ? `Has guardado «${title}» como borrador. Solo lo ve la administración.`
      : draftToast(title);
  }
  return `Has guardado los cambios de «${title}».`;
}

function EditorFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-3 py-5 sm:px-6 sm:py-10">
      <h1 className="text-2xl font-bold tracking-tight text-balance text-slate-900 sm:text-3xl">
        {title}
      </h1>
      {children}
    </div>
  );
}

/** `/admin/recursos/nuevo`: a new resource, published or kept as a draft. */
export function NewResourceEditor() {
  const navigate = useNavigate();
  const save = useSaveResource();
  return (
    <EditorFrame title="Nuevo recurso">
      <ResourceForm
        initialValues={emptyResourceForm()}
        isPublished={null}
        onCancel={() => void navigate(LIST_PATH)}
        onSubmit={async ({ data, pictureAlt }, intent) => {
          await save.mutateAsync({ id: null, data, pictureAlt });
          showToast(confirmation(data.title, intent, true));
          void navigate(LIST_PATH);
        }}
      />
    </EditorFrame>
  );
}

/** `/admin/recursos/:id`: a stored resource (draft or published) edited. */
export function ResourceEditor({
  resourceId,
  notFound,
}: {
  resourceId: number;
  /** What an unknown id shows. */
  notFound: ReactNode;
}) {
  const navigate = useNavigate();
  const resource = useResource(resourceId, { includeDrafts: true });
  const save = useSaveResource();

  if (resource.isPending) return <LoadingStatus />;
  if (resource.isError) {
    if (resource.error instanceof ApiError && resource.error.status === 404) return notFound;
    return (
      <EditorFrame title="Editar recurso">
        <Alert tone="error" className="flex flex-wrap items-center justify-between gap-3">
          <span>No se ha podido cargar el recurso. Inténtalo de nuevo en unos minutos.</span>
          <Button variant="secondary" onClick={() => void resource.refetch()}>
            Reintentar
          </Button>
        </Alert>
      </EditorFrame>
    );
  }
  return (
    <EditorFrame title={`Editar «${resource.data.title}»`}>
      <ResourceForm
        key={resource.data.updatedAt ?? resourceId}
        initialValues={toResourceForm(resource.data)}
        isPublished={resource.data.publishedAt !== null}
        onCancel={() => void navigate(LIST_PATH)}
        onSubmit={async ({ data, pictureAlt }, intent) => {
          await save.mutateAsync({ id: resourceId, data, pictureAlt });
          showToast(confirmation(data.title, intent, false));
          void navigate(LIST_PATH);
        }}
      />
    </EditorFrame>
  );
}
