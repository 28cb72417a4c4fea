import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { CheckboxField, TextField } from '../../../components/ui/form';
import type { UploadedFile } from '../types';
import {
  FOOTER_LIMITS,
  emptyImage,
  emptyLanguage,
  emptyLink,
  moveItem,
  removeItem,
  replaceItem,
  type FooterColumnDraft,
  type FooterImageDraft,
  type FooterLanguageDraft,
  type FooterLinkDraft,
} from '../utils/footer-draft';
import { ImageUploadField } from './image-upload-field';
import { ItemToolbar } from './item-toolbar';

/** The error to show at a path, given the key that says whether the field was touched. */
export type FieldErrorLookup = (path: string, touchKey: string) => string | undefined;

type ColumnUpdate = (
  update: (column: FooterColumnDraft) => FooterColumnDraft,
  field?: { path: string; touchKey: string },
) => void;

interface FooterColumnFieldsProps {
  column: FooterColumnDraft;
  /** "fila 1, columna 2": names the controls of this column. */
  name: string;
  /** Path of a value of this column in the stored footer (as the API's errors name it). */
  path: (...rest: (string | number)[]) => string;
  errorAt: FieldErrorLookup;
  onChange: ColumnUpdate;
  /** Applies a change to the image with this key, wherever it is when an upload ends. */
  onImageChange: (key: string, update: (image: FooterImageDraft) => FooterImageDraft) => void;
  onUploadImage: (file: File) => Promise<UploadedFile>;
}

/** The images, links and language options of one footer column. */
export function FooterColumnFields({
  column,
  name,
  path,
  errorAt,
  onChange,
  onImageChange,
  onUploadImage,
}: FooterColumnFieldsProps) {
  const listId = (kind: string) => `${kind}-${column.key}`;

  function setField<K extends 'images' | 'links' | 'languages'>(
    kind: K,
    index: number,
    field: keyof FooterColumnDraft[K][number] & string,
    value: string | boolean,
    wireKind: string,
  ) {
    const item = column[kind][index]!;
    onChange(
      (current) => ({
        ...current,
        [kind]: replaceItem(current[kind] as unknown[], index, { ...item, [field]: value }),
      }),
      { path: path(wireKind, index, field), touchKey: `${item.key}.${field}` },
    );
  }
  const editList = <K extends 'images' | 'links' | 'languages'>(
    kind: K,
    update: (list: FooterColumnDraft[K]) => FooterColumnDraft[K],
  ) => onChange((current) => ({ ...current, [kind]: update(current[kind]) }));

  return (
    <div className="flex flex-col gap-5">
      <ListBlock
        title="Imágenes"
        empty="Sin imágenes."
        addLabel="Añadir imagen"
        addName={`Añadir imagen a la ${name}`}
        listId={listId('images')}
        canAdd={column.images.length < FOOTER_LIMITS.images}
        onAdd={() => editList('images', (list) => [...list, emptyImage()])}
      >
        {column.images.map((image, i) => {
          const itemName = `${name}, imagen ${i + 1}`;
          const at = (field: string) => path('images', i, field);
          const touch = (field: string) => `${image.key}.${field}`;
          return (
            <Item
              key={image.key}
              legend={`Imagen ${i + 1}`}
              name={itemName}
              toolbar={
                <ItemToolbar
                  name={itemName}
                  itemKey={image.key}
                  listId={listId('images')}
                  index={i}
                  count={column.images.length}
                  onMove={(delta) => editList('images', (list) => moveItem(list, i, delta))}
                  onRemove={() => editList('images', (list) => removeItem(list, i))}
                />
              }
            >
              <div className="flex flex-wrap items-start gap-3 sm:col-span-2">
                <div className="grid h-16 w-28 shrink-0 place-items-center rounded-md border border-slate-300 bg-white p-1">
                  {image.url ? (
                    <img src={image.url} alt="" className="max-h-full max-w-full object-contain" />
                  ) : (
                    <span className="text-xs text-slate-700">Sin archivo</span>
                  )}
                </div>
                <ImageUploadField
                  className="min-w-0 flex-1"
                  label={image.sourceId === null ? 'Subir imagen' : 'Cambiar imagen'}
                  accessibleLabel={`${image.sourceId === null ? 'Subir' : 'Cambiar'} archivo: ${itemName}`}
                  error={errorAt(at('source'), touch('source'))}
                  onFile={async (file) => {
                    const uploaded = await onUploadImage(file);
                    onImageChange(image.key, (current) => ({
                      ...current,
                      sourceId: uploaded.id,
                      url: uploaded.url,
                      sourceAlternativeText: undefined,
                      width:
                        current.width || (uploaded.width === null ? '' : String(uploaded.width)),
                      height:
                        current.height || (uploaded.height === null ? '' : String(uploaded.height)),
                    }));
                  }}
                />
              </div>
              <TextField
                className="sm:col-span-2"
                label="Texto alternativo"
                hint="Describe la imagen para quien no puede verla."
                value={image.alternativeText}
                maxLength={FOOTER_LIMITS.text}
                error={errorAt(at('alternativeText'), touch('alternativeText'))}
                onChange={(e) => setField('images', i, 'alternativeText', e.target.value, 'images')}
              />
              <TextField
                label="Ancho (px)"
                isOptional
                inputMode="numeric"
                value={image.width}
                maxLength={4}
                error={errorAt(at('width'), touch('width'))}
                onChange={(e) => setField('images', i, 'width', e.target.value, 'images')}
              />
              <TextField
                label="Alto (px)"
                isOptional
                inputMode="numeric"
                value={image.height}
                maxLength={4}
                error={errorAt(at('height'), touch('height'))}
                onChange={(e) => setField('images', i, 'height', e.target.value, 'images')}
              />
              <CheckboxField
                className="sm:col-span-2"
                label="La imagen enlaza a la página de inicio"
                checked={image.isLink}
                onChange={(e) => setField('images', i, 'isLink', e.target.checked, 'images')}
              />
            </Item>
          );
        })}
      </ListBlock>

      <ListBlock
        title="Enlaces"
        empty="Sin enlaces."
        addLabel="Añadir enlace"
        addName={`Añadir enlace a la ${name}`}
        listId={listId('links')}
        canAdd={column.links.length < FOOTER_LIMITS.links}
        onAdd={() => editList('links', (list) => [...list, emptyLink()])}
      >
        {column.links.map((link: FooterLinkDraft, l) => {
          const itemName = `${name}, enlace ${l + 1}`;
          const at = (field: string) => path('links', l, field);
          const touch = (field: string) => `${link.key}.${field}`;
          return (
            <Item
              key={link.key}
              legend={`Enlace ${l + 1}`}
              name={itemName}
              toolbar={
                <ItemToolbar
                  name={itemName}
                  itemKey={link.key}
                  listId={listId('links')}
                  index={l}
                  count={column.links.length}
                  onMove={(delta) => editList('links', (list) => moveItem(list, l, delta))}
                  onRemove={() => editList('links', (list) => removeItem(list, l))}
                />
              }
            >
              <TextField
                label="Texto"
                value={link.text}
                maxLength={FOOTER_LIMITS.text}
                error={errorAt(at('text'), touch('text'))}
                onChange={(e) => setField('links', l, 'text', e.target.value, 'links')}
              />
              <TextField
                label="Dirección"
                inputMode="url"
                value={link.url}
                maxLength={FOOTER_LIMITS.url}
                error={errorAt(at('url'), touch('url'))}
                onChange={(e) => setField('links', l, 'url', e.target.value, 'links')}
              />
              <TextField
                label="Título al pasar el ratón"
                isOptional
                value={link.title}
                maxLength={FOOTER_LIMITS.text}
                error={errorAt(at('title'), touch('title'))}
                onChange={(e) => setField('links', l, 'title', e.target.value, 'links')}
              />
              <TextField
                label="Idioma (código)"
                isOptional
                value={link.language}
                maxLength={FOOTER_LIMITS.language}
                error={errorAt(at('language'), touch('language'))}
                onChange={(e) => setField('links', l, 'language', e.target.value, 'links')}
              />
            </Item>
          );
        })}
      </ListBlock>

      <ListBlock
        title="Selector de idioma"
        empty="Sin selector de idioma."
        addLabel="Añadir idioma"
        addName={`Añadir idioma al selector de la ${name}`}
        listId={listId('languages')}
        canAdd={column.languages.length < FOOTER_LIMITS.languages}
        onAdd={() => editList('languages', (list) => [...list, emptyLanguage()])}
      >
        {column.languages.map((option: FooterLanguageDraft, o) => {
          const itemName = `${name}, idioma ${o + 1}`;
          const at = (field: string) => path('languageSelector', o, field);
          const touch = (field: string) => `${option.key}.${field}`;
          return (
            <Item
              key={option.key}
              legend={`Idioma ${o + 1}`}
              name={itemName}
              toolbar={
                <ItemToolbar
                  name={itemName}
                  itemKey={option.key}
                  listId={listId('languages')}
                  index={o}
                  count={column.languages.length}
                  onMove={(delta) => editList('languages', (list) => moveItem(list, o, delta))}
                  onRemove={() => editList('languages', (list) => removeItem(list, o))}
                />
              }
            >
              <TextField
                label="Código (es, en...)"
                value={option.value}
                maxLength={FOOTER_LIMITS.optionValue}
                error={errorAt(at('value'), touch('value'))}
                onChange={(e) =>
                  setField('languages', o, 'value', e.target.value, 'languageSelector')
                }
              />
              <TextField
                label="Nombre"
                value={option.label}
                maxLength={FOOTER_LIMITS.optionLabel}
                error={errorAt(at('label'), touch('label'))}
                onChange={(e) =>
                  setField('languages', o, 'label', e.target.value, 'languageSelector')
                }
              />
              <CheckboxField
                className="sm:col-span-2"
                label="Todavía no disponible (se muestra desactivado)"
                checked={option.disabled}
                onChange={(e) =>
                  setField('languages', o, 'disabled', e.target.checked, 'languageSelector')
                }
              />
            </Item>
          );
        })}
      </ListBlock>
    </div>
  );
}

interface ListBlockProps {
  title: string;
  empty: string;
  addLabel: string;
  /** The add button's full name ("Añadir enlace a la fila 1, columna 2"). */
  addName: string;
  listId: string;
  canAdd: boolean;
  onAdd: () => void;
  children: ReactNode[];
}

function ListBlock({
  title,
  empty,
  addLabel,
  addName,
  listId,
  canAdd,
  onAdd,
  children,
}: ListBlockProps) {
  return (
    <div className="flex flex-col gap-3">
      <h5 className="text-sm font-bold tracking-wide text-slate-800 uppercase">{title}</h5>
      {children.length === 0 ? <p className="text-sm text-slate-700">{empty}</p> : children}
      <div>
        <Button
          variant="secondary"
          className="px-3 py-1.5"
          data-add-for={listId}
          aria-label={addName}
          disabled={!canAdd}
          onClick={onAdd}
        >
          {addLabel}
        </Button>
      </div>
    </div>
  );
}

interface ItemProps {
  /** The short visible title ("Enlace 3"). */
  legend: string;
  /** Full name of the group ("fila 1, columna 2, enlace 3"), read instead of the short legend. */
  name: string;
  toolbar: ReactNode;
  children: ReactNode;
}

function Item({ legend, name, toolbar, children }: ItemProps) {
  return (
    <fieldset
      aria-label={name.charAt(0).toUpperCase() + name.slice(1)}
      className="rounded-lg border border-slate-300 bg-white p-3"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm font-semibold text-slate-900">{legend}</p>
        {toolbar}
      </div>
      <div className="mt-3 grid gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}
