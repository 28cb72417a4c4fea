import { z } from 'zod';
import {
  CALL_DESCRIPTION_MAX,
  CATALOGUE_MESSAGES,
  DEGREE_DURATION_MAX,
  DEGREE_DURATION_MIN,
} from '@plataforma/shared';
import {
  calls,
  callsDegrees,
  campuses,
  campusesDegrees,
  degrees,
  studyAreas,
  studySubareas,
  universities,
} from '../../db/schema';
import { defineContentType } from '../../lib/strapi/registry';

/**
 * The academic catalogue (spec §3 Campus, University, Degree, Call, Study area): public reads,
 * admins write. The rules of names, periods and durations go with every write
 * (catalogue.rules.ts, ADR 0047).
 */
export const universityType = defineContentType({
  uid: 'api::university.university',
  singularName: 'university',
  pluralName: 'universities',
  table: universities,
  relations: {
    centers: { relation: 'oneToMany', target: 'api::campus.campus', mappedBy: 'university' },
  },
});

export const campusType = defineContentType({
  uid: 'api::campus.campus',
  singularName: 'campus',
  pluralName: 'campuses',
  table: campuses,
  relations: {
    university: {
      relation: 'manyToOne',
      target: 'api::university.university',
      column: campuses.universityId,
    },
    degrees: {
      relation: 'manyToMany',
      target: 'api::degree.degree',
      join: {
        table: campusesDegrees,
        own: campusesDegrees.campusId,
        target: campusesDegrees.degreeId,
      },
    },
  },
});

export const degreeType = defineContentType({
  uid: 'api::degree.degree',
  singularName: 'degree',
  pluralName: 'degrees',
  table: degrees,
  relations: {
    campuses: {
      relation: 'manyToMany',
      target: 'api::campus.campus',
      join: {
        table: campusesDegrees,
        own: campusesDegrees.degreeId,
        target: campusesDegrees.campusId,
      },
    },
    calls: {
      relation: 'manyToMany',
      target: 'api::call.call',
      join: { table: callsDegrees, own: callsDegrees.degreeId, target: callsDegrees.callId },
    },
  },
  bounds: {
    duration: {
      min: DEGREE_DURATION_MIN,
      max: DEGREE_DURATION_MAX,
      message: CATALOGUE_MESSAGES.duration,
    },
  },
});

export const callType = defineContentType({
  uid: 'api::call.call',
  singularName: 'call',
  pluralName: 'calls',
  table: calls,
  validate: {
    description: z
      .string()
      .max(CALL_DESCRIPTION_MAX, `must be at most ${CALL_DESCRIPTION_MAX} characters`)
      .nullable(),
  },
  relations: {
    degrees: {
      relation: 'manyToMany',
      target: 'api::degree.degree',
      join: { table: callsDegrees, own: callsDegrees.callId, target: callsDegrees.degreeId },
    },
  },
});

export const studyAreaType = defineContentType({
  uid: 'api::study-area.study-area',
  singularName: 'study-area',
  pluralName: 'study-areas',
  table: studyAreas,
  relations: {
    subareas: {
      relation: 'oneToMany',
      target: 'api::study-subarea.study-subarea',
      mappedBy: 'area',
    },
  },
});

export const studySubareaType = defineContentType({
  uid: 'api::study-subarea.study-subarea',
  singularName: 'study-subarea',
  pluralName: 'study-subareas',
  table: studySubareas,
  relations: {
    area: {
      relation: 'manyToOne',
      target: 'api::study-area.study-area',
      column: studySubareas.areaId,
    },
  },
});
