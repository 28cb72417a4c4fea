import {
  ODS,
  STUDENT_GOAL_LABELS,
  THESIS_STAGE_LABELS,
  type ReportsApplications,
  type ReportsImpact,
  type ReportsProjects,
  type ReportsStudents,
} from '@plataforma/shared';
import { odsLabel } from '../../../lib/ods';
import type { ReportRow, ReportTable } from '../types';

/**
 * Each chart's numbers as rows with Spanish labels (ADR 0049): the chart draws them, the table
 * shows them and the CSV carries them, so the three never disagree.
 */

export const NOT_STATED = 'Sin indicar';

const table = (columns: string[], rows: ReportRow[]): ReportTable => ({ columns, rows });

/**
 * By degree, most students first. A degree is taught at one campus, so one name may be several
 * degrees of the catalogue (at several campuses or universities): people ask about the name, so
 * those are added up.
 */
export function degreesTable(students: ReportsStudents): ReportTable {
  const byName = new Map<string, number>();
  let none = 0;
  for (const { degree, count } of students.byDegree) {
    if (degree === null) none += count;
    else byName.set(degree.name, (byName.get(degree.name) ?? 0) + count);
  }
  const rows: ReportRow[] = [...byName]
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b, 'es'))
    .map(([label, count]) => ({ label, values: [count] }));
  if (none > 0) rows.push({ label: 'Sin titulación del catálogo', values: [none] });
  return table(['Titulación', 'Estudiantes'], rows);
}

export function thesisStagesTable(students: ReportsStudents): ReportTable {
  return table(
    ['Fase del TFG/TFM', 'Estudiantes'],
    students.byThesisStage.map(({ value, count }) => ({
      label: value === null ? NOT_STATED : THESIS_STAGE_LABELS[value],
      values: [count],
    })),
  );
}

export function goalsTable(students: ReportsStudents): ReportTable {
  return table(
    ['Objetivo', 'Estudiantes'],
    students.byGoal.map(({ value, count }) => ({
      label: value === null ? NOT_STATED : STUDENT_GOAL_LABELS[value],
      values: [count],
    })),
  );
}

export function projectStatusesTable(projects: ReportsProjects): ReportTable {
  return table(
    ['Estado', 'Proyectos'],
    projects.byStatus.map(({ value, count }) => ({ label: value, values: [count] })),
  );
}

export function projectTypesTable(projects: ReportsProjects): ReportTable {
  return table(
    ['Tipo de proyecto', 'Proyectos'],
    projects.byType.map(({ value, count }) => ({ label: value, values: [count] })),
  );
}

/**
 * By the organisation's type: the types of the list, then others that were written, then the
 * organisations that did not say, then the projects no organisation proposes (a teacher's own).
 * Types no project has are left out, except those of the list (a zero is an answer too).
 */
export function organizationTypesTable(projects: ReportsProjects): ReportTable {
  const rows: ReportRow[] = projects.byOrganizationType.map(({ value, count }) => ({
    label: value ?? 'Organización sin tipo indicado',
    values: [count],
  }));
  rows.push({
    label: 'Sin organización (proyecto del profesorado)',
    values: [projects.withoutOrganization],
  });
  return table(['Tipo de organización', 'Proyectos'], rows);
}

export function projectOdsTable(projects: ReportsProjects): ReportTable {
  return table(
    ['ODS', 'Proyectos'],
    projects.byOds.map(({ ods, count }) => ({
      label: odsLabel(ods),
      values: [count],
      color: ODS.find((entry) => entry.number === ods)?.color,
    })),
  );
}

const MONTH = new Intl.DateTimeFormat('es-ES', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "2026-06" -> "junio de 2026". */
export function monthLabel(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return MONTH.format(new Date(Date.UTC(year, number - 1, 1)));
}

export function monthsTable(applications: ReportsApplications): ReportTable {
  return table(
    ['Mes', 'Candidaturas', 'Selecciones'],
    applications.months.map((row) => ({
      label: monthLabel(row.month),
      values: [row.applications, row.selections],
    })),
  );
}

export function impactOdsTable(impact: ReportsImpact): ReportTable {
  return table(
    ['ODS', 'Proyectos', 'Estudiantes seleccionados', 'Horas estimadas'],
    impact.byOds.map(({ ods, projects, selections, hours }) => ({
      label: odsLabel(ods),
      values: [projects, selections, hours],
      color: ODS.find((entry) => entry.number === ods)?.color,
    })),
  );
}

/** Whether a table has nothing to show: every number is zero. */
export const isEmptyTable = (report: ReportTable) =>
  report.rows.every((row) => row.values.every((value) => value === 0));

/** The CSV's rows: the label, then the numbers. */
export const csvRows = (report: ReportTable) =>
  report.rows.map((row) => [row.label, ...row.values]);
