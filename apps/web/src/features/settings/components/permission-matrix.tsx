import { Switch, Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import type { Feature } from '@plataforma/shared';
import { useMemo, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/alert';
import { showToast } from '../../../components/ui/toast';
import { cn } from '../../../lib/cn';
import { FLAG_LABELS, PERMISSION_FEATURES, PERMISSION_ROLES } from '../constants';
import type {
  FeaturePermissionRow,
  PermissionChange,
  PermissionFlag,
  PermissionRole,
  PermissionSwitches,
} from '../types';
import { saveErrorMessage } from '../utils/form-errors';

const OFF: PermissionSwitches = { enabled: false, create: false, update: false };
const FLAGS: PermissionFlag[] = ['enabled', 'create', 'update'];
const keyOf = (role: PermissionRole, feature: Feature) => `${role}:${feature}`;

interface PermissionMatrixProps {
  rows: FeaturePermissionRow[];
  /** Saves the changed rows; rejects with the first error. */
  onSave: (changes: PermissionChange[]) => Promise<void>;
}

/**
 * Feature switches per role (spec §3 "Permissions per feature"): a tab per role, in each a table of
 * the seven features with their flags. A feature without a row is off, as the server reads it.
 * Changes are kept across tabs until saved; each switch is named in full ("Estudiantes: Proyectos —
 * crear") so it makes sense on its own to a screen reader.
 */
export function PermissionMatrix({ rows, onSave }: PermissionMatrixProps) {
  const saved = useMemo(() => {
    const map = new Map<string, FeaturePermissionRow>();
    for (const row of rows) map.set(keyOf(row.role, row.feature), row);
    return map;
  }, [rows]);
  const [edits, setEdits] = useState<Record<string, PermissionSwitches>>({});
  const [status, setStatus] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [isSaving, setIsSaving] = useState(false);

  const valueOf = (role: PermissionRole, feature: Feature): PermissionSwitches =>
    edits[keyOf(role, feature)] ?? saved.get(keyOf(role, feature)) ?? OFF;

  const changes: PermissionChange[] = [];
  for (const { role } of PERMISSION_ROLES) {
    for (const { feature } of PERMISSION_FEATURES) {
      const edit = edits[keyOf(role, feature)];
      if (!edit) continue;
      const row = saved.get(keyOf(role, feature));
      const before = row ?? OFF;
      if (FLAGS.some((flag) => edit[flag] !== before[flag])) {
        changes.push({ id: row?.id ?? null, role, feature, ...edit });
      }
    }
  }
  const changedKeys = new Set(changes.map((change) => keyOf(change.role, change.feature)));

  function toggle(role: PermissionRole, feature: Feature, flag: PermissionFlag, on: boolean) {
    setEdits((current) => ({
      ...current,
      [keyOf(role, feature)]: { ...valueOf(role, feature), [flag]: on },
    }));
    setStatus(null);
  }

  async function save() {
    if (changes.length === 0) return;
    setIsSaving(true);
    setStatus(null);
    try {
      await onSave(changes);
      setEdits({});
      showToast(
        changes.length === 1
          ? 'Permiso guardado. Se aplica desde ya en la plataforma.'
          : 'Permisos guardados. Se aplican desde ya en la plataforma.',
      );
    } catch (error) {
      setStatus({ tone: 'error', text: saveErrorMessage(error) });
    } finally {
      setIsSaving(false);
    }
  }

  return (
    <div className="flex flex-col gap-6">
      <TabGroup>
        <TabList
          aria-label="Rol"
          className="flex flex-wrap gap-1 rounded-xl border border-slate-300 bg-slate-100 p-1"
        >
          {PERMISSION_ROLES.map(({ role, label }) => (
            <Tab
              key={role}
              className="shrink-0 rounded-lg px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-white data-selected:bg-white data-selected:text-slate-950 data-selected:shadow-sm"
            >
              {label}
            </Tab>
          ))}
        </TabList>
        <TabPanels className="mt-4">
          {PERMISSION_ROLES.map(({ role, label: roleLabel }) => (
            <TabPanel
              key={role}
              className="relative overflow-x-auto rounded-xl border border-slate-300 bg-white"
            >
              <table className="w-full text-left text-sm">
                <caption className="sr-only">Permisos de {roleLabel}</caption>
                <thead className="bg-slate-50 text-slate-900">
                  <tr>
                    <th scope="col" className="px-3 py-2 font-semibold sm:px-4">
                      Función
                    </th>
                    {FLAGS.map((flag) => (
                      <th
                        key={flag}
                        scope="col"
                        className="w-14 px-1 py-2 text-center font-semibold capitalize sm:w-24 sm:px-2"
                      >
                        {FLAG_LABELS[flag]}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-200">
                  {PERMISSION_FEATURES.map(({ feature, label, description, flags }) => {
                    const value = valueOf(role, feature);
                    const isChanged = changedKeys.has(keyOf(role, feature));
                    return (
                      <tr key={feature} className={cn(isChanged && 'bg-amber-50')}>
                        <th scope="row" className="px-3 py-3 align-top font-normal sm:px-4">
                          <span className="block font-semibold text-slate-900">
                            {label}
                            {isChanged ? (
                              <span className="ml-2 text-xs font-medium text-amber-900">
                                (sin guardar)
                              </span>
                            ) : null}
                          </span>
                          <span className="mt-0.5 block text-xs text-slate-600">{description}</span>
                        </th>
                        {FLAGS.map((flag) => (
                          <td key={flag} className="px-1 py-3 text-center sm:px-2 align-top">
                            {flags.includes(flag) ? (
                              <Switch
                                checked={value[flag]}
                                onChange={(on) => toggle(role, feature, flag, on)}
                                aria-label={`${roleLabel}: ${label} — ${FLAG_LABELS[flag]}`}
                                className="group relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full bg-slate-500 transition-colors data-checked:bg-main"
                              >
                                <span
                                  aria-hidden="true"
                                  className="inline-block size-4 translate-x-1 rounded-full bg-white shadow transition-transform group-data-checked:translate-x-6"
                                />
                              </Switch>
                            ) : (
                              <span className="text-slate-500">
                                <span aria-hidden="true">—</span>
                                <span className="sr-only">No aplica</span>
                              </span>
                            )}
                          </td>
                        ))}
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </TabPanel>
          ))}
        </TabPanels>
      </TabGroup>

      <div className="flex flex-col gap-4">
        <p aria-live="polite" className="text-sm text-slate-700">
          {changes.length === 0
            ? 'No hay cambios sin guardar.'
            : changes.length === 1
              ? 'Hay 1 función con cambios sin guardar.'
              : `Hay ${changes.length} funciones con cambios sin guardar.`}
        </p>
        {status ? <Alert tone={status.tone}>{status.text}</Alert> : null}
        <div className="flex flex-wrap gap-3">
          <Button onClick={() => void save()} isPending={isSaving} disabled={changes.length === 0}>
            {isSaving ? 'Guardando...' : 'Guardar permisos'}
          </Button>
          <Button
            variant="secondary"
            onClick={() => {
              setEdits({});
              setStatus(null);
            }}
            disabled={changes.length === 0 || isSaving}
          >
            Descartar cambios
          </Button>
        </div>
      </div>
    </div>
  );
}
