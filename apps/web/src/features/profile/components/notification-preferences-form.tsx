import { Field, Fieldset, Label, Legend, Switch } from '@headlessui/react';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/alert';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { showToast } from '../../../components/ui/toast';
import {
  useNotificationPreferences,
  useUpdateNotificationPreferences,
} from '../api/notification-preferences';
import type { NotificationPreferenceKey, NotificationPreferences } from '../types';

/** Spec §3 Notification preferences: what the student hears about (labels are ours, ADR 0017). */
const TOPICS: { key: NotificationPreferenceKey; label: string }[] = [
  { key: 'selected', label: 'Me seleccionan en un proyecto' },
  { key: 'pre_selected', label: 'Me preseleccionan en un proyecto' },
  { key: 'not_selected', label: 'No me seleccionan en un proyecto' },
  { key: 'new_matching_projects', label: 'Se publican proyectos que encajan conmigo' },
  {
    key: 'save_projects_with_candidates',
    label: 'Un proyecto que he guardado recibe candidaturas',
  },
  { key: 'save_projects_selected', label: 'Un proyecto que he guardado cierra su selección' },
  { key: 'u4i_advice', label: 'Hay consejos y recursos nuevos para mi TFG o TFM' },
  { key: 'professional_offers', label: 'Hay ofertas de empleo o prácticas para mí' },
];

/** ...and how. */
const CHANNELS: { key: NotificationPreferenceKey; label: string }[] = [
  { key: 'email', label: 'Correo electrónico' },
  { key: 'whatsapp', label: 'WhatsApp' },
];

export const PREFERENCES_SAVED_MESSAGE = 'Tus preferencias se han guardado.';

/** The notification preferences, loaded and then edited (spec §7 PUT .../students/<id>). */
export function NotificationPreferencesForm({ studentId }: { studentId: number }) {
  const preferences = useNotificationPreferences(studentId);
  if (preferences.isPending) return <LoadingStatus />;
  if (preferences.isError) {
    return (
      <Alert tone="error">
        No se han podido cargar tus preferencias de avisos. Inténtalo de nuevo en unos minutos.
      </Alert>
    );
  }
  return <PreferencesEditor studentId={studentId} initial={preferences.data} />;
}

function PreferenceSwitch({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <Field className="flex items-center justify-between gap-4 py-2.5">
      <Label className="text-sm text-slate-900">{label}</Label>
      <Switch
        checked={checked}
        onChange={onChange}
        className="group relative inline-flex h-7 w-12 shrink-0 cursor-pointer items-center rounded-full bg-slate-400 transition-colors duration-200 data-[checked]:bg-main motion-reduce:transition-none"
      >
        <span
          aria-hidden="true"
          className="inline-block size-5 translate-x-1 rounded-full bg-white shadow transition-transform duration-200 group-data-[checked]:translate-x-6 motion-reduce:transition-none"
        />
      </Switch>
    </Field>
  );
}

function PreferencesEditor({
  studentId,
  initial,
}: {
  studentId: number;
  initial: NotificationPreferences;
}) {
  const [values, setValues] = useState(initial);
  const save = useUpdateNotificationPreferences(studentId);
  const change = (key: NotificationPreferenceKey, checked: boolean) => {
    save.reset();
    setValues((current) => ({ ...current, [key]: checked }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(values, { onSuccess: () => showToast(PREFERENCES_SAVED_MESSAGE) });
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-6">
      <Fieldset>
        <Legend className="text-base font-semibold text-slate-900">Avísame cuando…</Legend>
        <div className="mt-2 divide-y divide-slate-200">
          {TOPICS.map(({ key, label }) => (
            <PreferenceSwitch
              key={key}
              label={label}
              checked={values[key]}
              onChange={(checked) => change(key, checked)}
            />
          ))}
        </div>
      </Fieldset>
      <Fieldset>
        <Legend className="text-base font-semibold text-slate-900">
          ¿Por dónde prefieres recibir los avisos?
        </Legend>
        <div className="mt-2 divide-y divide-slate-200">
          {CHANNELS.map(({ key, label }) => (
            <PreferenceSwitch
              key={key}
              label={label}
              checked={values[key]}
              onChange={(checked) => change(key, checked)}
            />
          ))}
        </div>
      </Fieldset>
      <div className="flex flex-col gap-3">
        <Button type="submit" isPending={save.isPending} className="self-start">
          Guardar preferencias
        </Button>
        {save.isError ? (
          <Alert tone="error">
            No se han podido guardar tus preferencias. Inténtalo de nuevo en unos minutos.
          </Alert>
        ) : null}
      </div>
    </form>
  );
}
