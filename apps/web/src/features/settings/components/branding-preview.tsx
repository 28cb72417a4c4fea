import { useState } from 'react';
import { readableTextColor } from '../../../lib/color';
import type { BrandingDraft, CurrentLogo, ThemeTools } from '../types';

interface BrandingPreviewProps {
  draft: BrandingDraft;
  tools: ThemeTools;
  logo: CurrentLogo | null;
}

/**
 * A small mock of the site (header, hero, content, landing invitation, footer) painted with the
 * draft. The theme's CSS variables are set on this element only, so the real page keeps the saved
 * branding until the admin saves. Nothing in it is interactive: it is a picture of the site.
 */
export function BrandingPreview({ draft, tools, logo }: BrandingPreviewProps) {
  const [failedLogo, setFailedLogo] = useState<string | null>(null);
  const variables: Record<string, string> = {
    ...tools.themeVariables(draft),
    '--preview-on-terciary': readableTextColor(draft.terciaryColor.trim()),
    '--preview-on-quaternary': readableTextColor(draft.quaternaryColor.trim()),
    // Focus rings and selection inside follow the draft, like the page would.
    '--focus-ring': 'var(--color-main)',
  };
  const name = draft.projectName.trim() || 'Nombre del proyecto';
  const isMurcia = tools.isMurciaOrigin(draft.origin);
  const isEmprende = tools.isEmprendeProgram(draft.program);
  const showLogo = logo !== null && logo.url !== failedLogo;

  return (
    <figure
      aria-labelledby="vista-previa-marca"
      style={variables}
      className="overflow-hidden rounded-xl border border-slate-300 bg-white font-sans shadow-sm"
    >
      <figcaption
        id="vista-previa-marca"
        className="border-b border-slate-200 bg-slate-100 px-4 py-2 text-sm font-semibold text-slate-800"
      >
        Vista previa (aún sin guardar)
      </figcaption>

      <div className="flex items-center justify-between gap-3 border-b border-slate-200 bg-white px-4 py-3">
        <div className="flex min-w-0 items-center gap-2">
          {showLogo ? (
            <img
              src={logo.url}
              alt=""
              className="h-8 w-auto max-w-24 shrink-0 object-contain"
              onError={() => setFailedLogo(logo.url)}
            />
          ) : (
            <span
              aria-hidden="true"
              className="grid size-8 shrink-0 place-items-center rounded-md bg-main text-xs font-bold text-on-main"
            >
              {name.charAt(0).toUpperCase()}
            </span>
          )}
          <span className="truncate text-sm font-bold text-slate-900">{name}</span>
        </div>
        <div className="flex shrink-0 items-center gap-3">
          {isMurcia ? (
            <span className="hidden text-xs font-semibold text-slate-800 sm:inline">
              Biblioteca de trabajos finales
            </span>
          ) : null}
          <span className="rounded-md bg-main px-3 py-1.5 text-xs font-semibold text-on-main">
            Entrar
          </span>
        </div>
      </div>

      <div className="bg-main px-4 py-6 text-on-main">
        <p className="text-lg font-bold">{name}</p>
        {draft.university_name.trim() ? (
          <p className="mt-1 text-sm">{draft.university_name.trim()}</p>
        ) : null}
        <span className="mt-4 inline-block rounded-md bg-secondary px-3 py-1.5 text-xs font-semibold text-on-secondary">
          Ver proyectos
        </span>
      </div>

      <div className="space-y-3 bg-white px-4 py-4 text-sm text-slate-800">
        <div className="flex flex-wrap gap-2">
          <span className="rounded-full bg-terciary px-3 py-1 text-xs font-semibold text-(--preview-on-terciary)">
            Color terciario
          </span>
          <span className="rounded-full bg-quaternary px-3 py-1 text-xs font-semibold text-(--preview-on-quaternary)">
            Color cuaternario
          </span>
        </div>
        <p>
          Texto de la plataforma con un{' '}
          <span className="font-semibold text-main-ink underline underline-offset-2">
            enlace en el color principal
          </span>
          .
        </p>
      </div>

      {isEmprende ? (
        <div className="flex flex-wrap items-center justify-between gap-2 bg-terciary px-4 py-3 text-(--preview-on-terciary)">
          <span className="text-xs font-semibold">Invitación al estudiantado en la portada</span>
          <span className="rounded-md bg-main px-3 py-1.5 text-xs font-semibold text-on-main">
            Inscribirme ahora
          </span>
        </div>
      ) : null}

      <div className="bg-footer px-4 py-4 text-xs text-on-footer">
        <p className="font-semibold">{name}</p>
        <p className="mt-1">
          {draft.politicsUrl.trim() ? (
            <span className="underline underline-offset-2">Política de privacidad</span>
          ) : null}
          {draft.politicsUrl.trim() && draft.mailTo.trim() ? ' · ' : null}
          {draft.mailTo.trim() ? <span>{draft.mailTo.trim()}</span> : null}
        </p>
      </div>
    </figure>
  );
}
