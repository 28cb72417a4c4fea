import type { CallUsage, CampusUsage, DegreeUsage } from '@plataforma/shared';
import { countOf } from './texts';

/** What the delete confirmation says: one line per kind of record touched, and how many in all. */
export interface UsageSummary {
  /** Each kind of record the delete touches, in words; kinds it does not touch are left out. */
  lines: string[];
  /** Records the delete touches in all, the entry itself included. */
  total: number;
  /**
   * A campus without degrees: the delete finds none to take with it (spec §8, "No degrees found
   * for the specified campus."); only the campus goes (ADR 0032).
   */
  isCampusWithoutDegrees: boolean;
}

type Line = [count: number, text: (count: number) => string];

function summarise(lines: Line[], extra: Partial<UsageSummary> = {}): UsageSummary {
  const touched = lines.filter(([count]) => count > 0);
  return {
    lines: touched.map(([count, text]) => text(count)),
    total: 1 + lines.reduce((sum, [count]) => sum + count, 0),
    isCampusWithoutDegrees: false,
    ...extra,
  };
}

const campusLines = (u: CampusUsage): Line[] => [
  [u.calls, (n) => `Se borrarán ${countOf(n, 'convocatoria', 'convocatorias')} de sus grados.`],
  [
    u.degrees,
    (n) =>
      `Se borrarán ${countOf(n, 'grado que solo ofrece', 'grados que solo ofrece')} este campus.`,
  ],
  [
    u.degreesShared,
    (n) =>
      `${countOf(n, 'grado seguirá', 'grados seguirán')} en otros campus: solo ${n === 1 ? 'dejará' : 'dejarán'} de ofrecerse aquí.`,
  ],
  [
    u.callsShared,
    (n) => `${countOf(n, 'convocatoria seguirá', 'convocatorias seguirán')} con sus otros grados.`,
  ],
  [
    u.students,
    (n) =>
      `${countOf(n, 'estudiante se quedará', 'estudiantes se quedarán')} sin este campus o sin su grado.`,
  ],
  [
    u.teachers,
    (n) =>
      `${countOf(n, 'profesor o profesora perderá', 'profesores perderán')} este campus o alguno de sus grados.`,
  ],
  [u.projects, (n) => `${countOf(n, 'proyecto se quedará', 'proyectos se quedarán')} sin campus.`],
  [
    u.applications,
    (n) => `${countOf(n, 'candidatura se quedará', 'candidaturas se quedarán')} sin convocatoria.`,
  ],
];

const degreeLines = (u: DegreeUsage): Line[] => [
  [u.campuses, (n) => `${countOf(n, 'campus dejará', 'campus dejarán')} de ofrecerlo.`],
  [
    u.calls,
    (n) => `${countOf(n, 'convocatoria lo perderá', 'convocatorias lo perderán')} (no se borran).`,
  ],
  [
    u.students,
    (n) => `${countOf(n, 'estudiante se quedará', 'estudiantes se quedarán')} sin grado.`,
  ],
  [
    u.teachers,
    (n) => `${countOf(n, 'profesor o profesora lo perderá', 'profesores lo perderán')}.`,
  ],
];

const callLines = (u: CallUsage): Line[] => [
  [u.degrees, (n) => `${countOf(n, 'grado la perderá', 'grados la perderán')} (no se borran).`],
  [
    u.applications,
    (n) => `${countOf(n, 'candidatura se quedará', 'candidaturas se quedarán')} sin convocatoria.`,
  ],
];

/** The counts of one kind of entry, as `GET …/usage` answers them. */
export type KindUsage =
  | { kind: 'campus'; usage: CampusUsage }
  | { kind: 'degree'; usage: DegreeUsage }
  | { kind: 'call'; usage: CallUsage };

/** The confirmation's words for what deleting an entry of this kind touches. */
export function summariseUsage(of: KindUsage): UsageSummary {
  switch (of.kind) {
    case 'campus':
      return summarise(campusLines(of.usage), {
        isCampusWithoutDegrees: of.usage.degrees + of.usage.degreesShared === 0,
      });
    case 'degree':
      return summarise(degreeLines(of.usage));
    case 'call':
      return summarise(callLines(of.usage));
  }
}
