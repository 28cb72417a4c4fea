import { describe, expect, it } from 'vitest';
import { renderEmail, TEMPLATE_DATA, type TemplateName } from './templates';

const CONTEXT = { projectName: 'Campus Solidario', publicUrl: 'https://campus.example.es' };
const HOSTILE = `<img src=x onerror="alert('x')"> & "comillas"`;
const ESCAPED =
  '&lt;img src=x onerror=&quot;alert(&#39;x&#39;)&quot;&gt; &amp; &quot;comillas&quot;';
const LINK = 'https://campus.example.es/entrar?token=abc&x=1';

/** Data for every template, with a hostile value in each text field. */
const SAMPLES: { [T in TemplateName]: Parameters<typeof renderEmail<T>>[1] } = {
  confirmation: { name: HOSTILE, link: LINK },
  reset: { name: HOSTILE, link: LINK },
  login: { name: HOSTILE, link: LINK },
  inviteTeacher: { link: LINK, invitedBy: HOSTILE },
  inviteStudent: { link: LINK, invitedBy: HOSTILE },
  inviteCoordinator: { link: LINK, organizationName: HOSTILE, linkDays: 14 },
  confirmApply: { name: 'Ana', projectName: HOSTILE, organizationName: HOSTILE, link: LINK },
  confirmStatusApply: {
    name: 'Ana',
    projectName: HOSTILE,
    organization: HOSTILE,
    status: 'Seleccionado',
    message: `${HOSTILE}\nsegunda línea`,
    link: LINK,
  },
  confirmSelected: {
    role: 'student',
    name: 'Ana',
    projectName: HOSTILE,
    contactName: HOSTILE,
    contactEmail: 'tutora@test.es',
    phone: '+34 600 000 000',
    link: LINK,
  },
  confirmProject: {
    name: 'Ana',
    projectName: HOSTILE,
    status: 'Rechazada',
    reason: HOSTILE,
    contact_phone: '+34 600 000 000',
    link: LINK,
  },
  confirmNewCandidates: {
    name: 'Ana',
    projectName: HOSTILE,
    studentName: HOSTILE,
    emailStudent: 'estudiante@test.es',
    degree: HOSTILE,
    province: 'Murcia',
    interest: HOSTILE,
    good_candidate: HOSTILE,
    motivation: HOSTILE,
    link: LINK,
  },
  tutorAssigned: {
    name: 'Ana',
    projectName: HOSTILE,
    tutorName: HOSTILE,
    tutorEmail: 'tutora@test.es',
    link: LINK,
  },
  applicationWithdrawn: {
    name: 'Ana',
    projectName: HOSTILE,
    studentName: HOSTILE,
    link: LINK,
  },
  newMatchingProject: {
    name: 'Ana',
    projectName: HOSTILE,
    organization: HOSTILE,
    score: 85,
    reasons: ['coincide con tu área: Humanidades', HOSTILE],
    link: LINK,
  },
  tfxPublished: { name: 'Ana', title: HOSTILE, link: LINK },
  tfxRejected: { name: 'Ana', title: HOSTILE, reason: HOSTILE, link: LINK },
  teacherVerified: { name: HOSTILE, link: LINK },
  announcement: { subject: HOSTILE, text: `Primer párrafo\n\n${HOSTILE}`, link: LINK },
};

const render = <T extends TemplateName>(template: T) =>
  renderEmail(template, SAMPLES[template], CONTEXT);

describe('email templates', () => {
  it('when any template renders hostile values, the HTML holds them escaped and never raw', () => {
    for (const template of Object.keys(TEMPLATE_DATA) as TemplateName[]) {
      const { html, text, subject } = render(template);
      expect(html, template).toContain(ESCAPED);
      expect(html, template).not.toContain('<img');
      expect(html, template).toMatch(/^<!doctype html><html lang="es" dir="ltr">/);
      expect(html, template).toContain('<title>');
      expect(text, template).not.toContain('&lt;');
      expect(subject, template).not.toMatch(/[\r\n]/);
      // Every link in the HTML is http(s).
      for (const [, href] of html.matchAll(/href="([^"]*)"/g)) {
        expect(href, template).toMatch(/^https?:\/\//);
      }
    }
  });

  it('when a template has a link, both parts carry it and the HTML escapes its ampersands', () => {
    const { html, text } = render('reset');
    expect(html).toContain('href="https://campus.example.es/entrar?token=abc&amp;x=1"');
    expect(text).toContain(`Elegir una contraseña nueva: ${LINK}`);
  });

  it('when the texts render, they are Spanish and name the platform', () => {
    expect(render('confirmation').subject).toBe('Confirma tu correo en Campus Solidario');
    expect(render('reset').subject).toBe('Restablece tu contraseña de Campus Solidario');
    expect(render('login').subject).toBe('Tu enlace para entrar en Campus Solidario');
    expect(render('inviteTeacher').subject).toBe(
      'Te invitamos a publicar proyectos en Campus Solidario',
    );
    expect(render('confirmStatusApply').text).toContain('Estado actual: Seleccionado');
    expect(render('confirmStatusApply').html).toContain('segunda línea');
    expect(render('confirmStatusApply').html).toContain('<br>segunda línea');
    expect(render('confirmProject').text).toContain('Motivo: ');
    expect(render('confirmation').text).toContain(
      'Este mensaje lo envía automáticamente Campus Solidario (https://campus.example.es).',
    );
  });

  it('when a candidate withdraws, the reviewers read who and from which project', () => {
    const { subject, text } = renderEmail(
      'applicationWithdrawn',
      { name: 'Javier', projectName: 'Huertos', studentName: 'Irene Sáez', link: LINK },
      CONTEXT,
    );
    expect(subject).toBe('Una candidatura a «Huertos» se ha retirado');
    expect(text).toContain('Irene Sáez ha retirado su candidatura al proyecto «Huertos».');
  });

  it('when a tutor is assigned, the student reads who it is and how to reach them', () => {
    const { subject, text } = renderEmail(
      'tutorAssigned',
      {
        name: 'Ana',
        projectName: 'Huertos',
        tutorName: 'Luis Pérez',
        tutorEmail: 'luis@test.es',
        link: LINK,
      },
      CONTEXT,
    );
    expect(subject).toBe('Tienes tutor o tutora en «Huertos»');
    expect(text).toContain(
      'Te hemos asignado un tutor o tutora para tu candidatura al proyecto «Huertos».',
    );
    expect(text).toContain('Tutor o tutora: Luis Pérez');
    expect(text).toContain('Correo: luis@test.es');
    expect(text).toContain(`Ver mis candidaturas: ${LINK}`);
    const bare = renderEmail('tutorAssigned', { projectName: 'Huertos' }, CONTEXT).text;
    expect(bare).not.toContain('Tutor o tutora:');
  });

  it('when a new project matches a student, the email gives the score, the reasons and the link', () => {
    const { subject, text } = renderEmail(
      'newMatchingProject',
      {
        name: 'Ana',
        projectName: 'Huertos',
        organization: 'Fundación Verde',
        score: 85,
        reasons: ['coincide con tu área: Ciencias puras', 'en tu provincia: Murcia'],
        link: LINK,
      },
      CONTEXT,
    );
    expect(subject).toBe('Un nuevo proyecto encaja contigo: «Huertos»');
    expect(text).toContain('Se ha publicado el proyecto «Huertos» de Fundación Verde');
    expect(text).toContain('Afinidad con tu perfil: 85 sobre 100');
    expect(text).toContain(
      'Por qué te lo recomendamos: coincide con tu área: Ciencias puras; en tu provincia: Murcia',
    );
    expect(text).toContain(`Ver el proyecto: ${LINK}`);
    expect(() =>
      renderEmail('newMatchingProject', { projectName: 'P', score: 101, reasons: [] }, CONTEXT),
    ).toThrow();
  });

  it("when an admin decides on a student's final work, the email says the decision, the reason and where to see it", () => {
    const link = 'https://campus.example.es/profile?section=tfx';
    const published = renderEmail(
      'tfxPublished',
      { name: 'Ana', title: 'Huertos urbanos', link },
      CONTEXT,
    );
    expect(published.subject).toBe('Tu trabajo «Huertos urbanos» ya está publicado');
    expect(published.text).toContain(
      'Hemos revisado tu trabajo final «Huertos urbanos» y ya está publicado en la biblioteca de Campus Solidario.',
    );
    expect(published.text).toContain(`Ver mi trabajo: ${link}`);
    const rejected = renderEmail(
      'tfxRejected',
      {
        name: 'Ana',
        title: 'Huertos urbanos',
        reason: 'Falta el índice.\nAñade la bibliografía.',
        link,
      },
      CONTEXT,
    );
    expect(rejected.subject).toBe('Tu trabajo «Huertos urbanos» necesita cambios');
    expect(rejected.text).toContain('Motivo: Falta el índice.');
    expect(rejected.html).toContain('Falta el índice.<br>Añade la bibliografía.');
    expect(rejected.text).toContain(`Corregir mi trabajo: ${link}`);
    expect(() => renderEmail('tfxRejected', { title: 'T' } as never, CONTEXT)).toThrow();
  });

  it('when the name is blank, the greeting is a plain "Hola:"', () => {
    const { text, html } = renderEmail('login', { name: '  ', link: LINK }, CONTEXT);
    expect(text.startsWith('Hola:\n')).toBe(true);
    expect(html).toContain('>Hola:</p>');
  });

  it('when optional values are missing, their lines are left out', () => {
    const { text, subject } = renderEmail(
      'confirmSelected',
      { role: 'teacher', projectName: 'Huertos' },
      CONTEXT,
    );
    expect(subject).toBe('Selección completada en «Huertos»');
    expect(text).toContain('Se ha completado la selección del proyecto «Huertos».');
    expect(text).not.toContain('Teléfono');
    expect(text).not.toContain('Correo:');
    expect(text).not.toContain('Estos son los datos');
  });

  it('when a value that reaches the subject has CR/LF, or a link is not http(s), rendering refuses it', () => {
    expect(() =>
      renderEmail('confirmApply', { projectName: 'P\r\nBcc: x@test.es' }, CONTEXT),
    ).toThrow();
    for (const link of [
      'javascript:alert(1)',
      'data:text/html,hola',
      'ftp://x.es/a',
      'no es url',
    ]) {
      expect(() => renderEmail('login', { name: 'Ana', link }, CONTEXT), link).toThrow();
    }
  });

  it('when the subject would be longer than 255 characters or hold control characters, it is one cut line', () => {
    const long = 'á'.repeat(400);
    const { subject } = renderEmail('confirmApply', { projectName: long }, CONTEXT);
    expect(Array.from(subject)).toHaveLength(255);
    expect(subject.endsWith('…')).toBe(true);
    const branded = renderEmail(
      'confirmation',
      { name: 'Ana', link: LINK },
      { ...CONTEXT, projectName: 'Campus\r\nBcc: x@test.es' },
    );
    expect(branded.subject).toBe('Confirma tu correo en Campus Bcc: x@test.es');
  });
});
