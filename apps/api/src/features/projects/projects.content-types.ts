import { z } from 'zod';
import {
  PROJECT_DESCRIPTION_MAX_LENGTH,
  PROJECT_TEXT_MAX_LENGTH,
  REJECTION_REASON_MAX_LENGTH,
} from '@plataforma/shared';
import { projectProgresses, projects } from '../../db/schema';
import { limitedText } from '../../lib/strapi/input';
import { defineContentType } from '../../lib/strapi/registry';

const ods = z.array(z.number().int().min(1).max(17)).max(17);
const tags = z.array(z.string().min(1).max(100)).max(50);
const longText = limitedText(PROJECT_TEXT_MAX_LENGTH);

export const projectType = defineContentType({
  uid: 'api::project.project',
  singularName: 'project',
  pluralName: 'projects',
  table: projects,
  // Its status publishes it (the project workflow's lifecycle, ADR 0024), not its creation.
  draftAndPublish: { publishOnCreate: false },
  relations: {
    organization: {
      relation: 'manyToOne',
      target: 'api::organization.organization',
      column: projects.organizationId,
    },
    teacher: { relation: 'manyToOne', target: 'api::teacher.teacher', column: projects.teacherId },
    coordinator: {
      relation: 'manyToOne',
      target: 'api::coordinator.coordinator',
      column: projects.coordinatorId,
    },
    progress: {
      relation: 'oneToOne',
      target: 'api::project-progress.project-progress',
      column: projects.progressId,
    },
    campus: { relation: 'manyToOne', target: 'api::campus.campus', column: projects.campusId },
    applys: { relation: 'oneToMany', target: 'api::apply.apply', mappedBy: 'project' },
  },
  validate: {
    ods,
    tags,
    study_areas: tags,
    study_subareas: tags,
    // The project form's limits, so a client that skips the form is held to them too.
    description: limitedText(PROJECT_DESCRIPTION_MAX_LENGTH),
    objectives: longText,
    ods_explanation: longText,
    academic_profile: longText,
    requirements: longText,
    working_method: longText,
    rejection_reason: limitedText(REJECTION_REASON_MAX_LENGTH),
  },
});

export const projectProgressType = defineContentType({
  uid: 'api::project-progress.project-progress',
  singularName: 'project-progress',
  pluralName: 'project-progresses',
  table: projectProgresses,
  relations: {
    project: { relation: 'oneToOne', target: 'api::project.project', mappedBy: 'progress' },
  },
});
