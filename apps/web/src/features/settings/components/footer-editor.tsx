import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/alert';
import { showToast } from '../../../components/ui/toast';
import type { UploadedFile } from '../types';
import { saveErrorMessage, serverFieldErrors, type FieldErrors } from '../utils/form-errors';
import {
  FOOTER_LIMITS,
  emptyColumn,
  emptyRow,
  footerPath,
  moveItem,
  newKey,
  removeItem,
  replaceItem,
  toFooterDraft,
  toFooterWire,
  validateFooterDraft,
  type FooterColumnDraft,
  type FooterImageDraft,
  type FooterRowDraft,
  type FooterSectionDraft,
  type FooterSectionWire,
} from '../utils/footer-draft';
import { FooterColumnFields, type FieldErrorLookup } from './footer-column-fields';
import { ItemToolbar } from './item-toolbar';

interface FooterEditorProps {
  /** The stored footer (`FooterSection`). */
  sections: FooterSectionWire[];
  /** Saves the whole footer; rejects with the API's error. */
  onSave: (sections: FooterSectionWire[]) => Promise<void>;
  /** Uploads an image for the footer (`POST /api/upload`). */
  onUploadImage: (file: File) => Promise<UploadedFile>;
}

function startingDraft(sections: FooterSectionWire[]): FooterSectionDraft[] {
  const draft = toFooterDraft(sections);
  return draft.length > 0 ? draft : [{ key: newKey(), rows: [] }];
}

const sameFooter = (a: FooterSectionDraft[], b: FooterSectionDraft[]) =>
  JSON.stringify(toFooterWire(a)) === JSON.stringify(toFooterWire(b));

/**
 * Editor of the footer content (spec §3 Footer content): rows of columns, each column with images,
 * links and a language selector, all of which can be added, removed and reordered. Saved as one
 * `FooterSection` value, as the site's footer reads it.
 */
export function FooterEditor({ sections, onSave, onUploadImage }: FooterEditorProps) {
  const [saved, setSaved] = useState(() => startingDraft(sections));
  const [draft, setDraft] = useState(saved);
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const [showAllErrors, setShowAllErrors] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [status, setStatus] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  // Columns are folded to a summary so the whole footer fits on a screen; new ones open.
  const [openColumns, setOpenColumns] = useState<Set<string>>(new Set());
  const toggleColumn = (key: string) =>
    setOpenColumns((current) => {
      const next = new Set(current);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  /** Opens every column with an error at one of its paths, so the errors can be seen. */
  const openColumnsWithErrors = (errors: FieldErrors) =>
    setOpenColumns((current) => {
      const next = new Set(current);
      draft.forEach((section, s) =>
        section.rows.forEach((row, r) =>
          row.columns.forEach((column, c) => {
            const prefix = `${footerPath(s, 'rows', r, 'columns', c)}.`;
            if (Object.keys(errors).some((path) => path.startsWith(prefix))) next.add(column.key);
          }),
        ),
      );
      return next;
    });

  const clientErrors = validateFooterDraft(draft);
  const errorAt: FieldErrorLookup = (path, touchKey) =>
    serverErrors[path] ?? (showAllErrors || touched.has(touchKey) ? clientErrors[path] : undefined);
  const isDirty = !sameFooter(draft, saved);
  const isMultiSection = draft.length > 1;

  /** Applies an edit. Server errors name positions, so a change of structure clears them all. */
  function edit(
    update: (sections: FooterSectionDraft[]) => FooterSectionDraft[],
    field?: { path: string; touchKey: string },
  ) {
    setDraft(update);
    setStatus(null);
    if (field) {
      setTouched((current) => new Set(current).add(field.touchKey));
      setServerErrors(({ [field.path]: _dropped, ...rest }) => rest);
    } else {
      setServerErrors({});
    }
  }

  const editRows = (s: number, update: (rows: FooterRowDraft[]) => FooterRowDraft[]) =>
    edit((all) => replaceItem(all, s, { ...all[s]!, rows: update(all[s]!.rows) }));

  const columnEditor =
    (s: number, r: number, c: number) =>
    (
      update: (column: FooterColumnDraft) => FooterColumnDraft,
      field?: { path: string; touchKey: string },
    ) =>
      edit((all) => {
        const section = all[s]!;
        const row = section.rows[r]!;
        const columns = replaceItem(row.columns, c, update(row.columns[c]!));
        return replaceItem(all, s, {
          ...section,
          rows: replaceItem(section.rows, r, { ...row, columns }),
        });
      }, field);

  /** Updates an image by its key: an upload may end after the image moved. */
  const editImage = (key: string, update: (image: FooterImageDraft) => FooterImageDraft) =>
    edit((all) =>
      all.map((section) => ({
        ...section,
        rows: section.rows.map((row) => ({
          ...row,
          columns: row.columns.map((column) => ({
            ...column,
            images: column.images.map((image) => (image.key === key ? update(image) : image)),
          })),
        })),
      })),
    );

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setShowAllErrors(true);
    if (Object.keys(clientErrors).length > 0) {
      openColumnsWithErrors(clientErrors);
      setStatus({ tone: 'error', text: 'Revisa los campos marcados antes de guardar.' });
      focusFirstInvalid();
      return;
    }
    setIsSaving(true);
    setStatus(null);
    try {
      await onSave(toFooterWire(draft));
      setSaved(draft);
      setTouched(new Set());
      setShowAllErrors(false);
      showToast('Pie de página guardado. Ya se ve en toda la plataforma.');
    } catch (error) {
      const errors = serverFieldErrors(error);
      setServerErrors(errors);
      openColumnsWithErrors(errors);
      setStatus({ tone: 'error', text: saveErrorMessage(error) });
      focusFirstInvalid();
    } finally {
      setIsSaving(false);
    }
  }

  function discard() {
    setDraft(saved);
    setTouched(new Set());
    setShowAllErrors(false);
    setServerErrors({});
    setStatus(null);
  }

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(event)} className="flex flex-col gap-8">
      {draft.map((section, s) => {
        const rowsListId = `rows-${section.key}`;
        const sectionName = isMultiSection ? `sección ${s + 1}, ` : '';
        return (
          <div key={section.key} className="flex flex-col gap-6">
            {isMultiSection ? (
              <h3 className="text-xl font-bold text-slate-900">Sección {s + 1}</h3>
            ) : null}
            {section.rows.length === 0 ? (
              <p className="rounded-lg border border-dashed border-slate-400 p-4 text-sm text-slate-700">
                El pie de página no tiene filas. Añade una para empezar.
              </p>
            ) : null}
            {section.rows.map((row, r) => {
              const rowName = `${sectionName}fila ${r + 1}`;
              const columnsListId = `columns-${row.key}`;
              return (
                <section
                  key={row.key}
                  aria-labelledby={`titulo-${row.key}`}
                  className="flex flex-col gap-4 rounded-xl border border-slate-300 bg-white p-4 sm:p-5"
                >
                  <div className="flex flex-wrap items-center justify-between gap-3">
                    <h3 id={`titulo-${row.key}`} className="text-lg font-bold text-slate-900">
                      {capitalise(rowName)}
                    </h3>
                    <ItemToolbar
                      name={rowName}
                      itemKey={row.key}
                      listId={rowsListId}
                      index={r}
                      count={section.rows.length}
                      onMove={(delta) => editRows(s, (rows) => moveItem(rows, r, delta))}
                      onRemove={() => editRows(s, (rows) => removeItem(rows, r))}
                    />
                  </div>
                  <div className="grid items-start gap-4 xl:grid-cols-2">
                    {row.columns.map((column, c) => {
                      const columnName = `${rowName}, columna ${c + 1}`;
                      const isOpen = openColumns.has(column.key);
                      return (
                        <section
                          key={column.key}
                          // "Fila 2, columna 1": every row has a "Columna 1", and landmarks need
                          // names of their own.
                          aria-label={capitalise(columnName)}
                          className="flex min-w-0 flex-col gap-4 rounded-lg border border-slate-200 bg-slate-50 p-3 sm:p-4"
                        >
                          <div className="flex flex-wrap items-center justify-between gap-3">
                            <div className="min-w-0">
                              <h4
                                id={`titulo-${column.key}`}
                                className="text-base font-bold text-slate-900"
                              >
                                Columna {c + 1}
                              </h4>
                              <p className="text-sm text-slate-700">{columnSummary(column)}</p>
                            </div>
                            <div className="flex flex-wrap items-center gap-2">
                              <Button
                                variant="secondary"
                                className="px-3 py-1.5"
                                aria-expanded={isOpen}
                                aria-controls={`contenido-${column.key}`}
                                aria-label={`${isOpen ? 'Ocultar' : 'Editar'}: ${columnName}`}
                                onClick={() => toggleColumn(column.key)}
                              >
                                {isOpen ? 'Ocultar' : 'Editar'}
                              </Button>
                              <ItemToolbar
                                name={columnName}
                                itemKey={column.key}
                                listId={columnsListId}
                                index={c}
                                count={row.columns.length}
                                direction="horizontal"
                                onMove={(delta) =>
                                  editRows(s, (rows) =>
                                    replaceItem(rows, r, {
                                      ...row,
                                      columns: moveItem(row.columns, c, delta),
                                    }),
                                  )
                                }
                                onRemove={() =>
                                  editRows(s, (rows) =>
                                    replaceItem(rows, r, {
                                      ...row,
                                      columns: removeItem(row.columns, c),
                                    }),
                                  )
                                }
                              />
                            </div>
                          </div>
                          <div id={`contenido-${column.key}`} hidden={!isOpen}>
                            {isOpen ? (
                              <FooterColumnFields
                                column={column}
                                name={columnName}
                                path={(...rest) => footerPath(s, 'rows', r, 'columns', c, ...rest)}
                                errorAt={errorAt}
                                onChange={columnEditor(s, r, c)}
                                onImageChange={editImage}
                                onUploadImage={onUploadImage}
                              />
                            ) : null}
                          </div>
                        </section>
                      );
                    })}
                  </div>
                  <div>
                    <Button
                      variant="secondary"
                      data-add-for={columnsListId}
                      disabled={row.columns.length >= FOOTER_LIMITS.columns}
                      aria-label={`Añadir columna a la ${rowName}`}
                      onClick={() =>
                        editRows(s, (rows) =>
                          replaceItem(rows, r, {
                            ...row,
                            columns: [...row.columns, emptyColumn()],
                          }),
                        )
                      }
                    >
                      Añadir columna
                    </Button>
                  </div>
                </section>
              );
            })}
            <div>
              <Button
                variant="secondary"
                data-add-for={rowsListId}
                disabled={section.rows.length >= FOOTER_LIMITS.rows}
                aria-label={isMultiSection ? `Añadir fila a la sección ${s + 1}` : undefined}
                onClick={() => {
                  const row = emptyRow();
                  setOpenColumns(
                    (current) => new Set([...current, ...row.columns.map((c) => c.key)]),
                  );
                  editRows(s, (rows) => [...rows, row]);
                }}
              >
                Añadir fila
              </Button>
            </div>
          </div>
        );
      })}

      <div className="flex flex-col gap-4 border-t border-slate-300 pt-6">
        {status ? <Alert tone={status.tone}>{status.text}</Alert> : null}
        <div className="flex flex-wrap gap-3">
          <Button type="submit" isPending={isSaving}>
            {isSaving ? 'Guardando...' : 'Guardar pie de página'}
          </Button>
          <Button variant="secondary" onClick={discard} disabled={!isDirty || isSaving}>
            Descartar cambios
          </Button>
        </div>
      </div>
    </form>
  );
}

/** "1 imagen · 3 enlaces": what a folded column holds. */
function columnSummary(column: FooterColumnDraft): string {
  const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  const parts = [
    column.images.length > 0 && count(column.images.length, 'imagen', 'imágenes'),
    column.links.length > 0 && count(column.links.length, 'enlace', 'enlaces'),
    column.languages.length > 0 &&
      count(column.languages.length, 'idioma en el selector', 'idiomas en el selector'),
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : 'Columna vacía';
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function focusFirstInvalid() {
  requestAnimationFrame(() => {
    document.querySelector<HTMLElement>('form [aria-invalid="true"]')?.focus();
  });
}
