import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { getTestApp } from '../../../test/helpers/app';
import {
  bearer,
  createApply,
  createProject,
  createStudent,
  createTeacher,
} from '../../../test/helpers/factories';
import { send } from '../../../test/helpers/http';

/**
 * A project leaves the catalogue when it ends (Terminada) or is withdrawn, but the people it
 * concerns keep reading it: the students who applied (their applications and projects in progress
 * point to it) and the teacher who tutors one of them.
 */
describe('projects out of the catalogue', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await getTestApp();
  });

  it('stay readable by the students who applied and the tutor, and by nobody else', async () => {
    const applicant = await createStudent();
    const stranger = await createStudent();
    const tutor = await createTeacher();
    const otherTeacher = await createTeacher();
    const finished = await createProject({ status: 'Terminada', publishedAt: null });
    await createApply({
      studentId: applicant.id,
      projectId: finished.id,
      status: 'Seleccionado',
      tutorAsignedId: tutor.id,
    });

    const read = (userId: number) =>
      send(app, 'GET', `/api/projects/${finished.id}?publicationState=preview`, {
        headers: bearer(app, userId),
      });
    expect((await read(applicant.userId)).status).toBe(200);
    expect((await read(tutor.userId)).status).toBe(200);
    expect((await read(stranger.userId)).status).toBe(404);
    expect((await read(otherTeacher.userId)).status).toBe(404);
    expect(
      (await send(app, 'GET', `/api/projects/${finished.id}?publicationState=preview`)).status,
    ).toBe(404);

    // Through the application, as the profile reads it.
    const own = await send(app, 'GET', `/api/applys?populate=project&publicationState=preview`, {
      headers: bearer(app, applicant.userId),
    });
    const entry = (own.body.data as unknown as { attributes: { project: { data: unknown } } }[])[0];
    expect(entry?.attributes.project.data).toMatchObject({ id: finished.id });
  });
});
