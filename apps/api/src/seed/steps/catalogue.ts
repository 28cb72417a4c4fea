import type { ProvinceName, StudyAreaName } from '@plataforma/shared';
import { STUDY_AREAS } from '@plataforma/shared';
import {
  calls,
  callsDegrees,
  campuses,
  campusesDegrees,
  degrees,
  roles,
  studyAreas,
  studySubareas,
  universities,
} from '../../db/schema/index';
import { UNIVERSITIES } from '../fixtures/catalogue';
import { academicYear, must, type SeedContext } from './context';

/** users-permissions roles: the default one of every signed-in user, then one per profile type. */
export const ROLE_SEEDS = [
  {
    type: 'authenticated',
    name: 'Autenticado',
    description: 'Rol por defecto de quien inicia sesión',
  },
  { type: 'student', name: 'Estudiante', description: 'Estudiantes universitarios' },
  { type: 'teacher', name: 'Profesor', description: 'Profesorado universitario' },
  { type: 'coordinator', name: 'Coordinador', description: 'Contacto de una organización' },
  { type: 'admin', name: 'Administrador', description: 'Administración de la plataforma' },
] as const;
export type RoleType = (typeof ROLE_SEEDS)[number]['type'];

/** Creates the roles that are missing and answers the id of each type. */
export async function insertRoles({
  tx,
}: Pick<SeedContext, 'tx'>): Promise<Record<RoleType, number>> {
  await tx
    .insert(roles)
    .values(ROLE_SEEDS.map((r) => ({ ...r })))
    .onConflictDoNothing({ target: roles.type });
  const rows = await tx.select({ id: roles.id, type: roles.type }).from(roles);
  const idOf = (type: RoleType) => must(rows.find((r) => r.type === type)?.id, `role ${type}`);
  return {
    authenticated: idOf('authenticated'),
    student: idOf('student'),
    teacher: idOf('teacher'),
    coordinator: idOf('coordinator'),
    admin: idOf('admin'),
  };
}

/** The ten study areas of spec §9 with their subareas (from the shared constants). */
export async function insertStudyAreas({ tx }: SeedContext): Promise<void> {
  const inserted = await tx
    .insert(studyAreas)
    .values(STUDY_AREAS.map((a) => ({ name: a.name })))
    .onConflictDoNothing({ target: studyAreas.name })
    .returning({ id: studyAreas.id, name: studyAreas.name });
  const subareas = inserted.flatMap((row) =>
    must(
      STUDY_AREAS.find((a) => a.name === row.name),
      `study area ${row.name}`,
    ).subareas.map((name) => ({ name, areaId: row.id })),
  );
  if (subareas.length > 0) await tx.insert(studySubareas).values(subareas);
}

export interface SeededDegree {
  id: number;
  name: string;
  master: boolean;
  area: StudyAreaName;
  /** The call (convocatoria) of this degree for the current academic year. */
  callId: number;
}

export interface SeededCampus {
  id: number;
  name: string;
  universityId: number;
  universityName: string;
  province: ProvinceName;
  city: string;
  degrees: SeededDegree[];
}

export interface SeededCatalogue {
  campuses: SeededCampus[];
  campus(university: string, name: string): SeededCampus;
  universityId(name: string): number;
}

/**
 * Universities, their campuses and degrees, and per campus one call for the grados (TFG) and one
 * for the másteres (TFM) of the current academic year.
 */
export async function insertCatalogue(ctx: SeedContext): Promise<SeededCatalogue> {
  const { tx } = ctx;
  const year = academicYear(ctx.now);
  const universityRows = await tx
    .insert(universities)
    .values(UNIVERSITIES.map((u) => ({ name: u.name })))
    .returning({ id: universities.id, name: universities.name });
  const universityId = (name: string) =>
    must(universityRows.find((u) => u.name === name)?.id, `university ${name}`);

  const seeded: SeededCampus[] = [];
  for (const university of UNIVERSITIES) {
    for (const campusSeed of university.campuses) {
      const [campus] = await tx
        .insert(campuses)
        .values({ name: campusSeed.name, universityId: universityId(university.name) })
        .returning({ id: campuses.id });
      const campusId = must(campus?.id, `campus ${campusSeed.name}`);
      const degreeRows = await tx
        .insert(degrees)
        .values(
          campusSeed.degrees.map((d) => ({ name: d.name, duration: d.duration, master: d.master })),
        )
        .returning({ id: degrees.id, name: degrees.name, master: degrees.master });
      await tx
        .insert(campusesDegrees)
        .values(degreeRows.map((d) => ({ campusId, degreeId: d.id })));

      const callIdByKind = new Map<boolean, number>();
      for (const isMaster of [false, true]) {
        const linked = degreeRows.filter((d) => d.master === isMaster);
        if (linked.length === 0) continue;
        const kind = isMaster ? 'TFM' : 'TFG';
        const [call] = await tx
          .insert(calls)
          .values({
            name: `Convocatoria ${kind} ${year.label}`,
            academic_period_start: year.start,
            academic_period_end: year.end,
            description: `Proyectos de ${kind} del curso ${year.label} para ${campusSeed.name} (${university.name}).`,
          })
          .returning({ id: calls.id });
        const callId = must(call?.id, `call ${kind} ${campusSeed.name}`);
        callIdByKind.set(isMaster, callId);
        await tx.insert(callsDegrees).values(linked.map((d) => ({ callId, degreeId: d.id })));
      }

      seeded.push({
        id: campusId,
        name: campusSeed.name,
        universityId: universityId(university.name),
        universityName: university.name,
        province: university.province,
        city: university.city,
        degrees: degreeRows.map((row) => ({
          id: row.id,
          name: row.name,
          master: row.master,
          area: must(
            campusSeed.degrees.find((d) => d.name === row.name),
            `degree ${row.name}`,
          ).area,
          callId: must(callIdByKind.get(row.master), `call of ${row.name}`),
        })),
      });
    }
  }

  return {
    campuses: seeded,
    campus: (university, name) =>
      must(
        seeded.find((c) => c.universityName === university && c.name === name),
        `campus ${name} of ${university}`,
      ),
    universityId,
  };
}
