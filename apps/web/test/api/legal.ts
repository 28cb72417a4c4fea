import type {
  LegalTextAttributes,
  LegalTextKind,
  LegalTextList,
  LegalTextVersionAttributes,
  LegalTextVersionList,
} from '@plataforma/shared';
import { collection } from './envelopes';

/** The legal texts' answers (ADR 0035), typed by the shared contract. */

const TITLES: Record<LegalTextKind, string> = {
  privacy: 'Política de privacidad',
  'legal-notice': 'Aviso legal',
  cookies: 'Política de cookies',
};

const CONTENTS: Record<LegalTextKind, string> = {
  privacy:
    '<p>El responsable del tratamiento es {universidad}. Escribe a {correo}.</p><h2>Tus derechos</h2><ul><li><p>Acceso</p></li></ul>',
  'legal-notice': '<h2>1. Titular</h2><p>{plataforma} es un servicio de {universidad}.</p>',
  cookies: '<p>{plataforma} solo usa cookies técnicas.</p>',
};

/** One version of a legal text as `/api/legal-text-versions` answers it. */
export function legalTextVersion(
  kind: LegalTextKind,
  attributes: Partial<LegalTextVersionAttributes> = {},
): LegalTextVersionAttributes {
  return {
    version: 1,
    title: TITLES[kind],
    content: CONTENTS[kind],
    createdAt: '2026-09-01T08:00:00.000Z',
    updatedAt: '2026-09-01T08:00:00.000Z',
    ...attributes,
  };
}

/** `GET /api/legal-text-versions?...`: the given versions (newest first, as asked). */
export function legalTextVersionList(
  kind: LegalTextKind,
  versions: Partial<LegalTextVersionAttributes>[] = [{}],
): LegalTextVersionList {
  return collection(
    versions.map((attributes, index) => ({
      id: 100 + (attributes.version ?? index + 1),
      attributes: legalTextVersion(kind, attributes),
    })),
  );
}

/** `GET /api/legal-texts?filters[kind][$eq]=`: the text as it reads now. */
export function legalTextList(
  kind: LegalTextKind,
  attributes: Partial<LegalTextAttributes> = {},
  id = { privacy: 1, 'legal-notice': 2, cookies: 3 }[kind],
): LegalTextList {
  return collection([
    {
      id,
      attributes: {
        kind,
        title: TITLES[kind],
        content: CONTENTS[kind],
        version: 1,
        createdAt: '2026-09-01T08:00:00.000Z',
        updatedAt: '2026-09-01T08:00:00.000Z',
        ...attributes,
      },
    },
  ]);
}
