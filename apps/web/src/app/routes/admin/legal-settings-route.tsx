import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { LEGAL_TEXT_KINDS, type LegalTextKind } from '@plataforma/shared';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/alert';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { useLegalText } from '../../../features/legal/api/get-legal-text';
import { useLegalTextVersions } from '../../../features/legal/api/get-legal-text-versions';
import { useUpdateLegalText } from '../../../features/legal/api/update-legal-text';
import { LegalTextForm } from '../../../features/legal/components/legal-text-form';

/** The tab of each text: short, so the three fit side by side on a phone. */
const TAB_LABELS: Record<LegalTextKind, string> = {
  privacy: 'Privacidad',
  'legal-notice': 'Aviso legal',
  cookies: 'Cookies',
};

function LegalTextPanel({ kind }: { kind: LegalTextKind }) {
  const text = useLegalText(kind);
  const versions = useLegalTextVersions(kind);
  const update = useUpdateLegalText();

  if (text.isPending) return <LoadingStatus />;
  if (text.isError) {
    return (
      <div className="flex flex-col items-start gap-3">
        <Alert tone="error">No se pudo cargar el texto.</Alert>
        <Button variant="secondary" onClick={() => void text.refetch()}>
          Reintentar
        </Button>
      </div>
    );
  }
  return (
    <LegalTextForm
      // A saved version starts the form again from what the server kept.
      key={text.data.version}
      text={text.data}
      versions={versions.data}
      onSave={(change) => update.mutateAsync({ id: text.data.id, change })}
    />
  );
}

/**
 * `/admin/ajustes/textos-legales` (ADR 0035): the privacy policy, the legal notice and the cookie
 * policy, one tab each. The tabs keep their edits while another is open.
 */
export function LegalSettingsRoute() {
  return (
    <section aria-labelledby="ajustes-legales" className="flex flex-col gap-6">
      <div>
        <h2 id="ajustes-legales" className="text-xl font-bold text-slate-900">
          Textos legales
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          La política de privacidad, el aviso legal y la política de cookies que enlaza el pie de
          página. Cada cambio se publica al guardarlo como una versión nueva; las anteriores se
          conservan, porque son las que aceptaron quienes se registraron entonces.
        </p>
      </div>
      <TabGroup>
        <TabList
          aria-label="Texto legal"
          className="flex flex-wrap gap-1 rounded-xl border border-slate-300 bg-slate-100 p-1"
        >
          {LEGAL_TEXT_KINDS.map((kind) => (
            <Tab
              key={kind}
              className="shrink-0 rounded-lg px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-white data-selected:bg-white data-selected:text-slate-950 data-selected:shadow-sm"
            >
              {TAB_LABELS[kind]}
            </Tab>
          ))}
        </TabList>
        <TabPanels className="mt-5">
          {LEGAL_TEXT_KINDS.map((kind) => (
            <TabPanel key={kind} unmount={false} className="rounded-xl">
              <LegalTextPanel kind={kind} />
            </TabPanel>
          ))}
        </TabPanels>
      </TabGroup>
    </section>
  );
}
