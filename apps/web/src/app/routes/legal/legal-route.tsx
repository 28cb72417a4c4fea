import { LEGAL_PAGES, LEGAL_TEXT_KINDS, type LegalTextKind } from '@plataforma/shared';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/alert';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { useBranding } from '../../../features/branding/hooks/use-branding';
import type { Branding } from '../../../features/branding/types';
import {
  useCurrentLegalTextVersion,
  useLegalTextVersion,
} from '../../../features/legal/api/get-legal-text-versions';
import { LegalDocument } from '../../../features/legal/components/legal-document';
import type { PlaceholderValues } from '../../../features/legal/types';
import { formatLongDate } from '../../../lib/dates';

/**
 * What the legal texts' placeholders become: the branding's university, platform name and contact
 * (spec §3 Branding). Without a university name or a contact the sentence still reads well.
 */
export function legalPlaceholders(branding: Branding): PlaceholderValues {
  const email = branding.mailTo?.trim();
  return {
    '{universidad}': {
      text: branding.universityName ?? `la universidad titular de ${branding.projectName}`,
    },
    '{plataforma}': { text: branding.projectName },
    '{correo}': email
      ? { text: email, href: `mailto:${email}` }
      : { text: 'la dirección de contacto de la universidad' },
  };
}

/** `?version=` as a version number, or null for the current text. */
function parseVersion(value: string | null): number | null {
  if (!value || !/^\d{1,6}$/.test(value)) return null;
  const version = Number(value);
  return version >= 1 ? version : null;
}

function LoadFailure({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="flex flex-col items-start gap-3">
      <Alert tone="error">
        No se ha podido cargar este texto. Inténtalo de nuevo en unos minutos.
      </Alert>
      <Button variant="secondary" onClick={onRetry}>
        Reintentar
      </Button>
    </div>
  );
}

/**
 * `/privacidad`, `/aviso-legal` and `/cookies` (ADR 0035; the footer links them): the legal text as
 * it reads now, or an earlier version with `?version=` (what a person accepted when registering),
 * said so with a link to the current one. The other two texts are linked at the end.
 */
export function LegalRoute({ kind }: { kind: LegalTextKind }) {
  const branding = useBranding();
  const [params] = useSearchParams();
  const current = useCurrentLegalTextVersion(kind);
  const asked = parseVersion(params.get('version'));
  const wantsEarlier =
    asked !== null && current.data !== undefined && asked !== current.data.version;
  const earlier = useLegalTextVersion(kind, wantsEarlier ? asked : null);
  const page = LEGAL_PAGES[kind];

  let content;
  if (current.isPending || (wantsEarlier && earlier.isPending)) {
    content = <LoadingStatus />;
  } else if (current.isError) {
    content = (
      <>
        <h1 className="text-2xl font-bold text-slate-900">{page.label}</h1>
        <LoadFailure onRetry={() => void current.refetch()} />
      </>
    );
  } else if (wantsEarlier && earlier.isError) {
    content = (
      <>
        <h1 className="text-2xl font-bold text-slate-900">{page.label}</h1>
        <LoadFailure onRetry={() => void earlier.refetch()} />
      </>
    );
  } else if (wantsEarlier && !earlier.data) {
    content = (
      <>
        <h1 className="text-2xl font-bold text-slate-900">{page.label}</h1>
        <Alert>
          Este texto no tiene una versión {asked}.{' '}
          <Link to={page.path} className="font-semibold underline underline-offset-2">
            Ver la versión vigente
          </Link>
        </Alert>
      </>
    );
  } else if (wantsEarlier && earlier.data) {
    const version = earlier.data;
    content = (
      <LegalDocument
        title={version.title}
        content={version.content}
        version={version.version}
        date={version.createdAt}
        placeholders={legalPlaceholders(branding)}
        notice={
          <Alert>
            Estás leyendo la versión {version.version}, publicada el{' '}
            {formatLongDate(version.createdAt)}. Ya no es la vigente.{' '}
            <Link to={page.path} className="font-semibold underline underline-offset-2">
              Leer la versión vigente
            </Link>
          </Alert>
        }
      />
    );
  } else {
    const text = current.data;
    content = (
      <LegalDocument
        title={text.title}
        content={text.content}
        version={text.version}
        date={text.createdAt}
        placeholders={legalPlaceholders(branding)}
      />
    );
  }

  const others = LEGAL_TEXT_KINDS.filter((other) => other !== kind);
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-8 px-4 py-8 sm:px-6 sm:py-12">
      {content}
      <nav aria-label="Otros textos legales" className="border-t border-slate-200 pt-5">
        <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
          {others.map((other) => (
            <li key={other}>
              <Link
                to={LEGAL_PAGES[other].path}
                className="font-semibold text-main-ink underline underline-offset-2"
              >
                {LEGAL_PAGES[other].label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
