import { z } from 'zod';
import { projectProgresses, projects } from '../../db/schema';
import { defineContentType } from '../../lib/strapi/registry';

const ods = z.array(z.number().int().min(1).max(17)).max(17);
const tags = z.array(z.string().min(1).max(100)).max(50);

export const projectType = defineContentType({
  uid: 'api::project.project',
  singularName: 'project',
  pluralName: 'projects',
  table: projects,
  draftAndPublish: true,
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
  validate: { ods, tags, study_areas: tags, study_subareas: tags },
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
