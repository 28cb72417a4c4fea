import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Alert } from '../../../components/ui/alert';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { Pagination } from '../../../components/ui/pagination';
import { SortSelect } from '../../../components/ui/sort-select';
import { showToast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { downloadBlob } from '../../../lib/download';
import { AccountDeletionDialog } from '../../../components/ui/account-deletion-dialog';
import {
  useAccountDeletion,
  useDownloadUserData,
} from '../../../entities/personal-data/api/personal-data';
import { getAllPeople, usePeople, useSavePerson } from '../api/people-api';
import type { PeopleFilters, PeopleKind, PersonRow } from '../types';
import { toCsv } from '../utils/csv';
import { KINDS } from '../utils/kinds';
import { hasFilters, readFilters, readPage, writeFilters } from '../utils/people-params';
import { EditPersonDialog } from './edit-person-dialog';
import { PeopleFiltersForm } from './people-filters';

const countLabel = (total: number, singular: string, plural: string) =>
  `${total.toLocaleString('es-ES')} ${total === 1 ? singular : plural}`;

/** `estudiantes-2026-11-26.csv` */
const exportFileName = (plural: string) => `${plural}-${new Date().toISOString().slice(0, 10)}.csv`;

/**
 * One list of the admins' people screens (ADR 0050): search, filters, order and page in the URL;
 * each row edited in a dialog, a student or teacher unpublished and published again after a
 * confirmation; the filtered list exported as CSV, built in the browser.
 */
export function PeopleList({
  kind,
  keep = {},
}: {
  kind: PeopleKind;
  /** URL parameters that are not the list's own (the page's tab). */
  keep?: Record<string, string>;
}) {
  const config = KINDS[kind];
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readFilters(searchParams, config);
  const page = readPage(searchParams);
  const list = usePeople(kind, filters, page);
  const resultsRef = useRef<HTMLHeadingElement>(null);
  const [editing, setEditing] = useState<{ open: boolean; row: PersonRow | null }>({
    open: false,
    row: null,
  });
  const [publishing, setPublishing] = useState<{ open: boolean; row: PersonRow | null }>({
    open: false,
    row: null,
  });
  const publish = useSavePerson(kind);
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState<{ open: boolean; row: PersonRow | null }>({
    open: false,
    row: null,
  });
  const downloadData = useDownloadUserData();
  const downloadDataOf = (row: PersonRow) => {
    if (!row.userId) return;
    downloadData.mutate(row.userId, {
      onSuccess: () => showToast(`Se han descargado los datos de ${row.name}.`),
      onError: () =>
        showToast(
          `No se han podido descargar los datos de ${row.name}. Inténtalo de nuevo en unos minutos.`,
          'error',
        ),
    });
  };
  const accountDeleted = () => {
    const row = deleting.row;
    setDeleting((current) => ({ ...current, open: false }));
    if (row) showToast(`La cuenta de ${row.name} se ha eliminado.`);
    // The person leaves every list: students, teachers, coordinators and organisations' counts.
    for (const root of ['students', 'teachers', 'coordinators', 'organizations']) {
      void queryClient.invalidateQueries({ queryKey: [root] });
    }
  };
  const [exporting, setExporting] = useState<{
    busy: boolean;
    error: string | null;
    /** Rows read of the total, while an export reads page after page. */
    progress?: { read: number; total: number };
  }>({ busy: false, error: null });

  const apply = (next: PeopleFilters) => {
    setSearchParams(writeFilters(next, 1, keep));
    // Take keyboard and screen-reader users to what the filters found.
    resultsRef.current?.focus();
  };
  const hrefFor = (target: number) => `?${writeFilters(filters, target, keep).toString()}`;

  const exportCsv = async () => {
    setExporting({ busy: true, error: null });
    try {
      const rows = await getAllPeople(config, filters, {
        onProgress: (read, total) =>
          setExporting({ busy: true, error: null, progress: { read, total } }),
      });
      const header = ['Nombre', ...config.columns.map((column) => column.label)];
      const cells = rows.map((row) => [
        row.name,
        ...config.columns.map((column) => row.cells[column.key] ?? ''),
      ]);
      downloadBlob(
        new Blob([toCsv(header, cells)], { type: 'text/csv;charset=utf-8' }),
        exportFileName(config.plural),
      );
      showToast(
        `Se ha descargado el archivo CSV (${countLabel(rows.length, config.singular, config.plural)}).`,
      );
      setExporting({ busy: false, error: null });
    } catch (error) {
      setExporting({
        busy: false,
        error:
          error instanceof ApiError && error.isClientError
            ? error.message
            : 'No se ha podido exportar. Inténtalo de nuevo en unos minutos.',
      });
    }
  };

  const confirmPublish = () => {
    const row = publishing.row;
    if (!row) return;
    const wasPublished = Boolean(row.published);
    publish.mutate(
      // Spec §4/§7: unpublishing is `publishedAt: null`; publishing again sets it to now.
      { id: row.id, data: { publishedAt: wasPublished ? null : new Date().toISOString() } },
      {
        onSuccess: () => {
          showToast(
            wasPublished
              ? `${row.name} ya no está publicado.`
              : `${row.name} vuelve a estar publicado.`,
          );
          setPublishing((current) => ({ ...current, open: false }));
        },
      },
    );
  };

  const total = list.data?.pagination.total;
  const headingId = `${kind}-resultados`;
  return (
    <div className="flex flex-col gap-6">
      <PeopleFiltersForm
        key={searchParams.toString()}
        config={config}
        filters={filters}
        onApply={apply}
      />

      <section aria-labelledby={headingId} className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2
            id={headingId}
            ref={resultsRef}
            tabIndex={-1}
            className="text-lg font-semibold text-slate-900"
          >
            Resultados
            {total !== undefined ? ` (${countLabel(total, config.singular, config.plural)})` : null}
          </h2>
          <div className="flex flex-wrap items-center gap-3">
            <SortSelect
              value={filters.sort ?? config.sorts[0]!.value}
              options={config.sorts}
              onChange={(sort) => setSearchParams(writeFilters({ ...filters, sort }, 1, keep))}
            />
            <Button
              variant="secondary"
              isPending={exporting.busy}
              disabled={total === 0}
              onClick={() => void exportCsv()}
            >
              {exporting.busy
                ? exporting.progress
                  ? `Exportando... ${exporting.progress.read.toLocaleString('es-ES')} de ${exporting.progress.total.toLocaleString('es-ES')}`
                  : 'Exportando...'
                : 'Exportar CSV'}
            </Button>
          </div>
        </div>
        {exporting.error ? <Alert tone="error">{exporting.error}</Alert> : null}

        {list.isPending ? (
          <LoadingStatus label={`Cargando ${config.plural}...`} />
        ) : list.isError ? (
          <Alert tone="error" className="flex flex-wrap items-center justify-between gap-3">
            <span>
              No se han podido cargar los {config.plural}. Inténtalo de nuevo en unos minutos.
            </span>
            <Button variant="secondary" onClick={() => void list.refetch()}>
              Reintentar
            </Button>
          </Alert>
        ) : list.data.rows.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 bg-slate-50 px-5 py-10 text-center text-base text-slate-700">
            {hasFilters(filters)
              ? `No hay ${config.plural} que cumplan estos filtros. Prueba a quitar alguno.`
              : `Todavía no hay ${config.plural} en la plataforma.`}
          </p>
        ) : (
          <>
            <PeopleTable
              kind={kind}
              rows={list.data.rows}
              caption={`${config.plural[0]!.toUpperCase()}${config.plural.slice(1)}, página ${list.data.pagination.page} de ${Math.max(list.data.pagination.pageCount, 1)}`}
              onEdit={(row) => setEditing({ open: true, row })}
              onPublish={(row) => {
                publish.reset();
                setPublishing({ open: true, row });
              }}
              onDownloadData={downloadDataOf}
              downloadingUserId={downloadData.isPending ? downloadData.variables : undefined}
              onDeleteAccount={(row) => setDeleting({ open: true, row })}
            />
            <Pagination
              page={list.data.pagination.page}
              pageCount={list.data.pagination.pageCount}
              hrefFor={hrefFor}
              label={`Páginas de ${config.plural}`}
            />
          </>
        )}
      </section>

      <EditPersonDialog
        kind={kind}
        row={editing.row}
        isOpen={editing.open}
        onClose={() => setEditing((current) => ({ ...current, open: false }))}
      />
      {deleting.row?.userId ? (
        <AdminAccountDeletion
          key={deleting.row.userId}
          userId={deleting.row.userId}
          name={deleting.row.name}
          isOpen={deleting.open}
          onClose={() => setDeleting((current) => ({ ...current, open: false }))}
          onDeleted={accountDeleted}
        />
      ) : null}
      {config.draftAndPublish ? (
        <ConfirmDialog
          isOpen={publishing.open}
          title={
            publishing.row?.published
              ? `¿Despublicar a ${publishing.row.name}?`
              : `¿Publicar de nuevo a ${publishing.row?.name ?? ''}?`
          }
          description={
            <>
              {publishing.row?.published
                ? `Su perfil deja de verse en la plataforma; sus datos se conservan y puedes publicarlo de nuevo cuando quieras.`
                : `Su perfil vuelve a verse en la plataforma.`}
              {publish.isError ? (
                <span role="alert" className="mt-3 block font-medium text-red-700">
                  No se ha podido guardar el cambio.{' '}
                  {publish.error instanceof ApiError && publish.error.isClientError
                    ? publish.error.message
                    : 'Inténtalo de nuevo en unos minutos.'}
                </span>
              ) : null}
            </>
          }
          confirmLabel={publishing.row?.published ? 'Despublicar' : 'Publicar'}
          isDanger={Boolean(publishing.row?.published)}
          isPending={publish.isPending}
          onConfirm={confirmPublish}
          onClose={() => setPublishing((current) => ({ ...current, open: false }))}
        />
      ) : null}
    </div>
  );
}

/** The deletion of a person's account by an admin, for someone who asked by other means. */
function AdminAccountDeletion({
  userId,
  name,
  isOpen,
  onClose,
  onDeleted,
}: {
  userId: number;
  name: string;
  isOpen: boolean;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const deletion = useAccountDeletion(userId, isOpen);
  return (
    <AccountDeletionDialog
      isOpen={isOpen}
      own={false}
      personName={name}
      preview={deletion.preview}
      previewFailed={deletion.previewFailed}
      isPending={deletion.isPending}
      error={deletion.error}
      onConfirm={() => deletion.confirm(undefined, onDeleted)}
      onClose={() => {
        deletion.reset();
        onClose();
      }}
    />
  );
}

/**
 * The rows as a table. At 360 px the table scrolls sideways inside its own region, which takes
 * the keyboard's focus so it can be scrolled without a mouse; the name and actions come first.
 */
function PeopleTable({
  kind,
  rows,
  caption,
  onEdit,
  onPublish,
  onDownloadData,
  downloadingUserId,
  onDeleteAccount,
}: {
  kind: PeopleKind;
  rows: PersonRow[];
  caption: string;
  onEdit: (row: PersonRow) => void;
  onPublish: (row: PersonRow) => void;
  onDownloadData: (row: PersonRow) => void;
  /** The account whose data is being downloaded, if any. */
  downloadingUserId: number | undefined;
  onDeleteAccount: (row: PersonRow) => void;
}) {
  const config = KINDS[kind];
  return (
    <div
      role="region"
      aria-label={caption}
      tabIndex={0}
      className="overflow-x-auto rounded-xl border border-slate-200 bg-white"
    >
      <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            <th scope="col" className="px-3 py-3 font-semibold">
              Nombre
            </th>
            <th scope="col" className="px-3 py-3 font-semibold">
              Acciones
            </th>
            {config.columns.map((column) => (
              <th
                key={column.key}
                scope="col"
                className="px-3 py-3 font-semibold whitespace-nowrap"
              >
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {rows.map((row) => (
            <tr key={row.id} className="align-top">
              <th scope="row" className="px-3 py-3 font-semibold text-slate-900">
                {row.name}
              </th>
              <td className="px-3 py-2">
                <div className="flex gap-2">
                  <Button
                    variant="secondary"
                    className="px-3 py-1.5 whitespace-nowrap"
                    aria-label={`Editar ${kind === 'organizations' ? '' : 'a '}${row.name}`}
                    onClick={() => onEdit(row)}
                  >
                    Editar
                  </Button>
                  {config.draftAndPublish ? (
                    <Button
                      variant="secondary"
                      className="px-3 py-1.5 whitespace-nowrap"
                      aria-label={`${row.published ? 'Despublicar' : 'Publicar'} a ${row.name}`}
                      onClick={() => onPublish(row)}
                    >
                      {row.published ? 'Despublicar' : 'Publicar'}
                    </Button>
                  ) : null}
                  {row.userId ? (
                    <>
                      <Button
                        variant="secondary"
                        className="px-3 py-1.5 whitespace-nowrap"
                        aria-label={`Descargar los datos de ${row.name}`}
                        isPending={downloadingUserId === row.userId}
                        onClick={() => onDownloadData(row)}
                      >
                        Descargar datos
                      </Button>
                      <Button
                        variant="danger"
                        className="px-3 py-1.5 whitespace-nowrap"
                        aria-label={`Eliminar la cuenta de ${row.name}`}
                        onClick={() => onDeleteAccount(row)}
                      >
                        Eliminar cuenta
                      </Button>
                    </>
                  ) : null}
                </div>
              </td>
              {config.columns.map((column) => (
                <td key={column.key} className="px-3 py-3 text-slate-800">
                  {column.key === 'email' && row.cells.email ? (
                    <a href={`mailto:${row.cells.email}`} className="text-main-ink underline">
                      {row.cells.email}
                    </a>
                  ) : (
                    row.cells[column.key] || <span className="text-slate-600">—</span>
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
