import { useState, type FormEvent } from 'react';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/dialog';
import { CheckboxField, SelectField, TextField } from '../../../components/ui/form';
import { Alert } from '../../../components/ui/alert';
import { showToast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import {
  useDegreeChoices,
  useOrganizationChoices,
  useResendInvitation,
  useSavePerson,
  useUniversityChoices,
} from '../api/people-api';
import type { PeopleKind, PersonRow } from '../types';
import {
  attributeOf,
  changedData,
  editFieldsOf,
  initialValues,
  missingFields,
  relatedEntries,
  type EditField,
  type EditValues,
} from '../utils/edit-fields';
import { KINDS } from '../utils/kinds';

const REQUIRED = 'Este campo es obligatorio.';

/** The field the API refused, from its `details.errors[0].path`. */
function refusedField(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.status !== 400) return undefined;
  const errors: unknown = error.details.errors;
  const path: unknown = Array.isArray(errors)
    ? (errors[0] as { path?: unknown } | undefined)?.path
    : undefined;
  return Array.isArray(path) && typeof path[0] === 'string' ? path[0] : undefined;
}

/**
 * Editing a record's main fields (ADR 0050): `PUT /api/<kind>/:id` with only what changed. The
 * API's refusal is shown above the form, and next to the field it names.
 */
export function EditPersonDialog({
  kind,
  row,
  isOpen,
  onClose,
}: {
  kind: PeopleKind;
  row: PersonRow | null;
  isOpen: boolean;
  onClose: () => void;
}) {
  const config = KINDS[kind];
  return (
    <Modal
      isOpen={isOpen}
      onClose={onClose}
      size="lg"
      title={row ? `Editar ${config.singular}: ${row.name}` : `Editar ${config.singular}`}
      description={row?.email ?? undefined}
    >
      {row && (kind === 'students' || kind === 'teachers') && row.email ? (
        <ResendInvitation key={`invite-${row.id}`} kind={kind} email={row.email} />
      ) : null}
      {row ? <EditForm key={row.id} kind={kind} row={row} onClose={onClose} /> : null}
    </Modal>
  );
}

function EditForm({
  kind,
  row,
  onClose,
}: {
  kind: PeopleKind;
  row: PersonRow;
  onClose: () => void;
}) {
  const fields = editFieldsOf(kind);
  const [before] = useState(() => initialValues(kind, row));
  const [values, setValues] = useState<EditValues>(before);
  const [missing, setMissing] = useState<string[]>([]);
  const save = useSavePerson(kind);
  const uses = (choices: string) =>
    fields.some(
      (field) =>
        (field.type === 'relation' || field.type === 'relations') && field.choices === choices,
    );
  const universities = useUniversityChoices(uses('universities'));
  const chosenUniversity = values.university ? Number(values.university) : null;
  const degrees = useDegreeChoices(uses('degrees'), chosenUniversity);
  const organizations = useOrganizationChoices(uses('organizations'));
  const choicesOf = { universities, degrees, organizations };
  const refused = refusedField(save.error);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const empty = missingFields(kind, values);
    setMissing(empty);
    if (empty.length > 0) {
      const first = event.currentTarget.elements.namedItem(empty[0]!);
      if (first instanceof HTMLElement) first.focus();
      return;
    }
    const data = changedData(kind, before, values);
    if (Object.keys(data).length === 0) {
      onClose();
      return;
    }
    save.mutate(
      { id: row.id, data },
      {
        onSuccess: () => {
          showToast(`Se han guardado los cambios de ${row.name}.`);
          onClose();
        },
      },
    );
  };

  const set = (name: string, value: EditValues[string]) =>
    setValues((current) => ({ ...current, [name]: value }));

  const control = (field: EditField) => {
    const error = missing.includes(field.name)
      ? REQUIRED
      : refused === field.name && save.error
        ? save.error.message
        : undefined;
    if (field.type === 'checkbox') {
      return (
        <CheckboxField
          key={field.name}
          name={field.name}
          label={field.label}
          checked={Boolean(values[field.name])}
          onChange={(event) => set(field.name, event.target.checked)}
        />
      );
    }
    if (field.type === 'relations') {
      const chosen = Array.isArray(values[field.name]) ? (values[field.name] as number[]) : [];
      const offered = choicesOf[field.choices].data ?? [];
      // The record's own entries stay listed, with their names, while the choices load or if
      // they are not among them (a degree of another university), so one unticked by mistake
      // can be ticked again; another university starts the list afresh.
      const kept =
        values.university === before.university
          ? relatedEntries(attributeOf(row, field.name)).filter(
              (entry) => !offered.some((choice) => choice.id === entry.id),
            )
          : [];
      const loading = choicesOf[field.choices].isPending;
      const toggle = (id: number, on: boolean) =>
        set(field.name, on ? [...chosen, id] : chosen.filter((other) => other !== id));
      return (
        <fieldset key={field.name} className="flex flex-col gap-2 sm:col-span-2">
          <legend className="mb-1 text-sm font-semibold text-slate-900">{field.label}</legend>
          {loading ? <p className="text-sm text-slate-700">Cargando los grados...</p> : null}
          {!loading && offered.length + kept.length === 0 ? (
            <p className="text-sm text-slate-700">
              {values.university
                ? 'Esta universidad no tiene grados en el catálogo.'
                : 'Elige una universidad para ver sus grados.'}
            </p>
          ) : null}
          <ul className="flex max-h-56 flex-col gap-1.5 overflow-y-auto rounded-lg border border-slate-200 p-3">
            {[...kept, ...offered].map((choice) => (
              <li key={choice.id}>
                <CheckboxField
                  name={field.name}
                  value={String(choice.id)}
                  label={choice.name}
                  checked={chosen.includes(choice.id)}
                  onChange={(event) => toggle(choice.id, event.target.checked)}
                />
              </li>
            ))}
          </ul>
        </fieldset>
      );
    }
    if (field.type === 'select' || field.type === 'relation') {
      const choices =
        field.type === 'select'
          ? field.options
          : (choicesOf[field.choices].data ?? []).map((choice) => ({
              value: String(choice.id),
              label: choice.name,
            }));
      const current = String(values[field.name] ?? '');
      const loading = field.type === 'relation' && choicesOf[field.choices].isPending;
      return (
        <SelectField
          key={field.name}
          name={field.name}
          label={field.label}
          value={current}
          disabled={loading}
          aria-busy={loading || undefined}
          onChange={(event) => {
            set(field.name, event.target.value);
            // A degree belongs to a university: another university empties the degrees.
            if (field.name === 'university' && 'degree' in values) set('degree', '');
            if (field.name === 'university' && 'degrees' in values) set('degrees', []);
          }}
        >
          <option value="">{loading ? 'Cargando...' : 'Sin indicar'}</option>
          {/* The current value stays offered while the choices load or if it is not among them. */}
          {current && !choices.some((choice) => choice.value === current) ? (
            <option value={current}>{row.cells[field.name] || current}</option>
          ) : null}
          {choices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </SelectField>
      );
    }
    return (
      <TextField
        key={field.name}
        name={field.name}
        label={field.label}
        type={field.type}
        value={String(values[field.name] ?? '')}
        onChange={(event) => set(field.name, event.target.value)}
        isOptional={!field.required}
        error={error}
        autoComplete="off"
      />
    );
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5">
      {save.isError ? (
        <Alert tone="error">
          No se han podido guardar los cambios.{' '}
          {save.error instanceof ApiError && save.error.isClientError
            ? save.error.message
            : 'Inténtalo de nuevo en unos minutos.'}
        </Alert>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">{fields.map(control)}</div>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button type="button" onClick={onClose} className={buttonClasses('secondary')}>
          Cancelar
        </button>
        <Button type="submit" isPending={save.isPending}>
          Guardar cambios
        </Button>
      </div>
    </form>
  );
}

/**
 * "Reenviar invitación" (spec §7 inviteStudent / inviteTeacher): the invitation to register, or
 * to sign in when the address has an account, sent again to the record's email.
 */
function ResendInvitation({ kind, email }: { kind: 'students' | 'teachers'; email: string }) {
  const invite = useResendInvitation(kind);
  return (
    <div className="mb-5 flex flex-col gap-3 rounded-lg border border-slate-200 bg-slate-50 p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-700">
          ¿No le llegó la invitación? Se envía de nuevo a {email}.
        </p>
        <Button
          variant="secondary"
          isPending={invite.isPending}
          onClick={() => invite.mutate(email)}
        >
          Reenviar invitación
        </Button>
      </div>
      {/* Said here, not in a toast: the open dialog makes the rest of the page inert, the
          toasts' live region included, so a toast would not be heard. */}
      {invite.isSuccess ? (
        <Alert tone="success">Se ha enviado de nuevo la invitación a {email}.</Alert>
      ) : null}
      {invite.isError ? (
        <Alert tone="error">
          No se ha podido enviar la invitación.{' '}
          {invite.error instanceof ApiError && invite.error.isClientError
            ? invite.error.message
            : 'Inténtalo de nuevo en unos minutos.'}
        </Alert>
      ) : null}
    </div>
  );
}
