import { z } from 'zod';
import { formatPhone, inkOnLight, parseRgb, readableTextColor } from '@plataforma/shared';

/**
 * The emails the platform sends (issue 3 Email; spec §7 Communications), each with the data it
 * needs. Texts are Spanish; every value is escaped in HTML, links are only http(s), and no value
 * that can reach a header (the subject) may carry CR/LF.
 */
const line = z
  .string()
  .max(500)
  .refine((v) => !/[\r\n]/.test(v), 'no puede contener saltos de línea');
/** A phone as people read it ("+34 612 34 56 78"); phones are stored in E.164 (ADR 0034). */
const phone = line.transform(formatPhone);
/** Free text written by a person (an application's motivation): line breaks are kept. */
const paragraph = z.string().max(5000);
const link = z.url({ protocol: /^https?$/, error: 'debe ser un enlace http(s)' }).max(2000);
/** Days a link to choose a password works. */
const linkDays = z.number().int().min(1).max(60);

export const TEMPLATE_DATA = {
  confirmation: z.object({ name: line, link }),
  reset: z.object({ name: line, link }),
  login: z.object({ name: line, link }),
  /**
   * An invitation. With `linkDays` the account already exists (an admin loaded it, ADR 0048) and
   * the link sets its password, working for that many days; without, the link leads to sign-up.
   */
  inviteTeacher: z.object({ link, invitedBy: line.optional(), linkDays: linkDays.optional() }),
  inviteStudent: z.object({ link, invitedBy: line.optional(), linkDays: linkDays.optional() }),
  /** An organisation's coordinator, loaded with it by an admin (ADR 0048). */
  inviteCoordinator: z.object({ link, organizationName: line.optional(), linkDays }),
  confirmApply: z.object({
    name: line.optional(),
    projectName: line,
    organizationName: line.optional(),
    link: link.optional(),
  }),
  confirmStatusApply: z.object({
    name: line.optional(),
    projectName: line,
    organization: line.optional(),
    status: line,
    message: paragraph.optional(),
    link: link.optional(),
  }),
  confirmSelected: z.object({
    /** Who receives it: the selected student, or the teacher who will tutor them. */
    role: z.enum(['student', 'teacher']),
    name: line.optional(),
    projectName: line,
    /** The other party: the tutor for the student, the student for the tutor. */
    contactName: line.optional(),
    contactEmail: line.optional(),
    phone: phone.optional(),
    link: link.optional(),
  }),
  confirmProject: z.object({
    name: line.optional(),
    projectName: line,
    status: line,
    reason: paragraph.optional(),
    contact_phone: phone.optional(),
    link: link.optional(),
  }),
  confirmNewCandidates: z.object({
    name: line.optional(),
    projectName: line,
    studentName: line.optional(),
    emailStudent: line,
    degree: line.optional(),
    province: line.optional(),
    interest: paragraph.optional(),
    good_candidate: paragraph.optional(),
    motivation: paragraph.optional(),
    link: link.optional(),
  }),
  /** An admin assigned a tutor to a student's application (ADR 0025). */
  tutorAssigned: z.object({
    name: line.optional(),
    projectName: line,
    tutorName: line.optional(),
    tutorEmail: line.optional(),
    link: link.optional(),
  }),
  /** A candidate withdrew their application: the project's reviewers are told (ADR 0025). */
  applicationWithdrawn: z.object({
    name: line.optional(),
    projectName: line,
    studentName: line.optional(),
    link: link.optional(),
  }),
  /** A newly published project that suits a student who asked to hear of them (ADR 0026). */
  newMatchingProject: z.object({
    name: line.optional(),
    projectName: line,
    organization: line.optional(),
    /** The match score, 0 to 100. */
    score: z.number().int().min(0).max(100),
    /** Why it suits them, in Spanish ("coincide con tu área: Humanidades"). */
    reasons: z.array(line).max(10),
    link: link.optional(),
  }),
  /** An admin published a student's own final work in the library (ADR 0037). */
  tfxPublished: z.object({
    name: line.optional(),
    title: line,
    link: link.optional(),
  }),
  /** An admin sent a student's own final work back, with the reason (ADR 0037). */
  tfxRejected: z.object({
    name: line.optional(),
    title: line,
    reason: paragraph,
    link: link.optional(),
  }),
  /** An admin approved a self-registered teacher: they may publish now (ADR 0051). */
  teacherVerified: z.object({ name: line.optional(), link: link.optional() }),
  /**
   * A communication staff sent (ADR 0045): its subject and its message as plain text (the rich
   * text read as text by the sender, so nothing of its HTML reaches the email unescaped). The same
   * for every recipient, so one rendering serves a send to thousands.
   */
  announcement: z.object({
    subject: line,
    text: z.string().max(60_000),
    link: link.optional(),
  }),
} as const;

export type TemplateName = keyof typeof TEMPLATE_DATA;
export type TemplateData<T extends TemplateName> = z.infer<(typeof TEMPLATE_DATA)[T]>;

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

export interface RenderContext {
  /** The platform's name (branding projectName). */
  projectName: string;
  /** Where users reach the platform (PUBLIC_URL). */
  publicUrl: string;
  /** The university's main colour (branding mainColor): the band under the logo, the button. */
  mainColor?: string | undefined;
  /** The colour of the site's footer (branding footerColor): the email's footer. */
  footerColor?: string | undefined;
  /**
   * An absolute address of the logo in a format mail clients show (PNG, JPEG or GIF); without
   * one, the project's name heads the email (ADR 0032).
   */
  logoUrl?: string | undefined;
}

/** The site's default theme (spec §3, §9: theme colour #1226AA), when the branding has none. */
export const DEFAULT_MAIN_COLOR = '#1226AA';
export const DEFAULT_FOOTER_COLOR = '#0B1766';

/** The logo's box in the email, in CSS pixels (the image is drawn at twice the size). */
export const EMAIL_LOGO_BOX = { width: 240, height: 48 } as const;

/** The colours an email is painted with, each text colour readable on its background. */
export interface EmailPalette {
  main: string;
  /** Text on the main colour: white or near-black, whichever reads better (as on the site). */
  onMain: string;
  /** Links and the name on white: the main colour, darkened until it reaches 4.5:1. */
  ink: string;
  footer: string;
  onFooter: string;
}

/** A colour from the branding if it is one (#rgb or #rrggbb), else the default. */
const colorOr = (value: string | undefined, fallback: string) =>
  value && /^#[0-9a-f]{3}(?:[0-9a-f]{3})?$/i.test(value.trim()) && parseRgb(value.trim())
    ? value.trim()
    : fallback;

/** The email's colours from the branding, with the site's contrast rule (packages/shared). */
export function emailPalette(context: Pick<RenderContext, 'mainColor' | 'footerColor'>) {
  const main = colorOr(context.mainColor, DEFAULT_MAIN_COLOR);
  const footer = colorOr(context.footerColor, DEFAULT_FOOTER_COLOR);
  return {
    main,
    onMain: readableTextColor(main),
    ink: inkOnLight(main),
    footer,
    onFooter: readableTextColor(footer),
  } satisfies EmailPalette;
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ESCAPES[c] as string);

/** A block of the body: a paragraph, or a labelled value (kept on one line in the text part). */
type Block = string | { label: string; value: string };

interface Parts {
  subject: string;
  /** Name to greet; empty or missing gives a plain "Hola:". */
  greeting?: string | undefined;
  blocks: Block[];
  action?: { label: string; href: string } | undefined;
}

/** The subject column holds 255 characters and a header must never break: one line, cut. */
function subjectLine(subject: string): string {
  const single = subject.replace(/\p{Cc}+/gu, ' ').trim();
  // Counted in characters, as varchar is, and never cut inside a surrogate pair.
  const chars = Array.from(single);
  return chars.length <= 255 ? single : `${chars.slice(0, 254).join('')}…`;
}

/** Escaped text whose line breaks survive in HTML. */
const htmlText = (value: string) => escapeHtml(value).replace(/\r\n|\r|\n/g, '<br>');

const P = 'margin:0 0 16px';

function layout(parts: Parts, context: RenderContext): RenderedEmail {
  const subject = subjectLine(parts.subject);
  const greeting = parts.greeting?.trim() ? `Hola, ${parts.greeting.trim()}:` : 'Hola:';
  const colors = emailPalette(context);
  const name = escapeHtml(context.projectName);
  const htmlBlocks = parts.blocks
    .map((block) =>
      typeof block === 'string'
        ? `<p style="${P}">${htmlText(block)}</p>`
        : `<p style="${P}"><strong>${escapeHtml(block.label)}:</strong> ${htmlText(block.value)}</p>`,
    )
    .join('');
  const action = parts.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(parts.action.href)}" style="background:${colors.main};color:${colors.onMain};padding:12px 20px;border-radius:6px;text-decoration:underline;font-weight:bold;display:inline-block">${escapeHtml(parts.action.label)}</a></p>` +
      `<p style="${P};font-size:14px;color:#4a4a4a">Si el botón no funciona, copia y pega este enlace en tu navegador:<br><a href="${escapeHtml(parts.action.href)}" style="color:${colors.ink};word-break:break-all">${escapeHtml(parts.action.href)}</a></p>`
    : '';
  // The logo as the site's header shows it, its name as the text when images are not shown.
  const brand = context.logoUrl
    ? `<img src="${escapeHtml(context.logoUrl)}" alt="${name}" width="${EMAIL_LOGO_BOX.width}" height="${EMAIL_LOGO_BOX.height}" style="display:block;border:0;width:${EMAIL_LOGO_BOX.width}px;max-width:100%;height:auto;font-size:20px;font-weight:bold;color:${colors.ink}">`
    : name;
  const header =
    `<div style="padding:20px 24px;border-bottom:6px solid ${colors.main}">` +
    `<h1 style="font-size:20px;line-height:1.2;color:${colors.ink};margin:0">${brand}</h1></div>`;
  const footer =
    `<div style="padding:16px 24px;background:${colors.footer};color:${colors.onFooter};font-size:13px;line-height:1.5">` +
    `Este mensaje lo envía automáticamente ${name} (<a href="${escapeHtml(context.publicUrl)}" style="color:${colors.onFooter};text-decoration:underline">${escapeHtml(context.publicUrl)}</a>). ` +
    'Si no esperabas recibirlo, puedes ignorarlo.</div>';
  const html =
    '<!doctype html><html lang="es" dir="ltr"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light">' +
    `<title>${escapeHtml(subject)}</title></head>` +
    '<body style="margin:0;padding:0;background:#f4f5f9">' +
    `<div role="article" aria-roledescription="correo" aria-label="${escapeHtml(subject)}" lang="es" style="font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#1a1a1a;background:#ffffff;max-width:600px;margin:0 auto">` +
    `${header}<div style="padding:24px">` +
    `<p style="${P}">${escapeHtml(greeting)}</p>${htmlBlocks}${action}</div>${footer}</div></body></html>`;
  const text = [
    greeting,
    '',
    ...parts.blocks.flatMap((block) => [
      typeof block === 'string' ? block : `${block.label}: ${block.value}`,
      '',
    ]),
    ...(parts.action ? [`${parts.action.label}: ${parts.action.href}`, ''] : []),
    '--',
    `Este mensaje lo envía automáticamente ${context.projectName} (${context.publicUrl}).`,
    'Si no esperabas recibirlo, puedes ignorarlo.',
  ].join('\n');
  return { subject, html, text };
}

/** Only the values that are present and not blank. */
const optional = (label: string, value: string | undefined): Block[] =>
  value?.trim() ? [{ label, value: value.trim() }] : [];

const CHOOSE_PASSWORD = 'Elegir mi contraseña';

/** The invitation's first line: who invites, or that an admin already made the account. */
function inviteLine(
  d: { invitedBy?: string | undefined; linkDays?: number | undefined },
  c: RenderContext,
  as: string,
): string {
  if (d.linkDays) return `Te hemos dado de alta en ${c.projectName} ${as}.`;
  return d.invitedBy?.trim()
    ? `${d.invitedBy.trim()} te invita a unirte a ${c.projectName} ${as}.`
    : `Te invitamos a unirte a ${c.projectName} ${as}.`;
}

/** What a link to choose the password of an account made for the person says. */
const choosePassword = (days: number | undefined): Block[] =>
  days
    ? [
        `Tu cuenta ya está creada con este correo: solo tienes que elegir tu contraseña. El enlace caduca en ${days} días y solo se puede usar una vez; si caduca, pide otro en «¿Has olvidado tu contraseña?».`,
      ]
    : [];

type Renderers = { [T in TemplateName]: (data: TemplateData<T>, context: RenderContext) => Parts };

const RENDERERS: Renderers = {
  confirmation: (d, c) => ({
    subject: `Confirma tu correo en ${c.projectName}`,
    greeting: d.name,
    blocks: [
      `Gracias por registrarte en ${c.projectName}. Para activar tu cuenta, confirma que esta dirección de correo es tuya.`,
      'Si no has creado ninguna cuenta, ignora este mensaje.',
    ],
    action: { label: 'Confirmar mi correo', href: d.link },
  }),
  reset: (d, c) => ({
    subject: `Restablece tu contraseña de ${c.projectName}`,
    greeting: d.name,
    blocks: [
      'Hemos recibido una solicitud para restablecer tu contraseña. El enlace caduca en una hora y solo se puede usar una vez.',
      'Si no lo has pedido tú, ignora este mensaje: tu contraseña no cambiará.',
    ],
    action: { label: 'Elegir una contraseña nueva', href: d.link },
  }),
  login: (d, c) => ({
    subject: `Tu enlace para entrar en ${c.projectName}`,
    greeting: d.name,
    blocks: [
      'Usa este enlace para entrar sin contraseña. Caduca en 15 minutos y solo se puede usar una vez.',
      'Si no lo has pedido tú, ignora este mensaje: nadie podrá entrar sin abrir el enlace.',
    ],
    action: { label: 'Entrar', href: d.link },
  }),
  inviteTeacher: (d, c) => ({
    subject: `Te invitamos a publicar proyectos en ${c.projectName}`,
    blocks: [
      inviteLine(d, c, 'como docente'),
      'Podrás publicar proyectos con impacto social, tutorizar trabajos de fin de grado y de máster y seguir el avance de tu alumnado.',
      ...choosePassword(d.linkDays),
    ],
    action: { label: d.linkDays ? CHOOSE_PASSWORD : 'Unirme como docente', href: d.link },
  }),
  inviteStudent: (d, c) => ({
    subject: `Te invitamos a ${c.projectName}`,
    blocks: [
      inviteLine(d, c, 'como estudiante'),
      'Descubre proyectos con impacto social de organizaciones de toda España y encuentra el tema de tu TFG o TFM.',
      ...choosePassword(d.linkDays),
    ],
    action: { label: d.linkDays ? CHOOSE_PASSWORD : 'Unirme como estudiante', href: d.link },
  }),
  inviteCoordinator: (d, c) => ({
    subject: `Te invitamos a ${c.projectName}`,
    blocks: [
      d.organizationName?.trim()
        ? `Te hemos dado de alta en ${c.projectName} para coordinar ${d.organizationName.trim()}.`
        : `Te hemos dado de alta en ${c.projectName} para coordinar tu organización.`,
      'Podrás publicar proyectos con impacto social, conocer a estudiantes que quieran hacer con vosotros su trabajo de fin de grado o de máster y seguir sus candidaturas.',
      ...choosePassword(d.linkDays),
    ],
    action: { label: CHOOSE_PASSWORD, href: d.link },
  }),
  confirmApply: (d) => ({
    subject: `Hemos recibido tu candidatura a «${d.projectName}»`,
    greeting: d.name,
    blocks: [
      d.organizationName?.trim()
        ? `Tu candidatura al proyecto «${d.projectName}» de ${d.organizationName.trim()} se ha enviado correctamente.`
        : `Tu candidatura al proyecto «${d.projectName}» se ha enviado correctamente.`,
      'Te escribiremos cuando cambie su estado. Mientras tanto, puedes consultarla en tu perfil.',
    ],
    action: d.link ? { label: 'Ver mis candidaturas', href: d.link } : undefined,
  }),
  confirmStatusApply: (d) => ({
    subject: `Tu candidatura a «${d.projectName}»: ${d.status}`,
    greeting: d.name,
    blocks: [
      d.organization?.trim()
        ? `El estado de tu candidatura al proyecto «${d.projectName}» de ${d.organization.trim()} ha cambiado.`
        : `El estado de tu candidatura al proyecto «${d.projectName}» ha cambiado.`,
      { label: 'Estado actual', value: d.status },
      ...optional('Mensaje', d.message),
    ],
    action: d.link ? { label: 'Ver mis candidaturas', href: d.link } : undefined,
  }),
  confirmSelected: (d) =>
    d.role === 'student'
      ? {
          subject: `¡Enhorabuena! Te han seleccionado para «${d.projectName}»`,
          greeting: d.name,
          blocks: [
            `Te han seleccionado para el proyecto «${d.projectName}».`,
            ...(d.contactName?.trim() || d.contactEmail?.trim() || d.phone?.trim()
              ? ['Ponte en contacto con tu tutor o tutora para empezar:']
              : []),
            ...optional('Tutor o tutora', d.contactName),
            ...optional('Correo', d.contactEmail),
            ...optional('Teléfono', d.phone),
          ],
          action: d.link ? { label: 'Ver mis candidaturas', href: d.link } : undefined,
        }
      : {
          subject: `Selección completada en «${d.projectName}»`,
          greeting: d.name,
          blocks: [
            `Se ha completado la selección del proyecto «${d.projectName}».`,
            ...(d.contactName?.trim() || d.contactEmail?.trim() || d.phone?.trim()
              ? ['Estos son los datos de la persona seleccionada, a la que vas a tutorizar:']
              : []),
            ...optional('Estudiante', d.contactName),
            ...optional('Correo', d.contactEmail),
            ...optional('Teléfono', d.phone),
          ],
          action: d.link ? { label: 'Ver mis proyectos', href: d.link } : undefined,
        },
  confirmProject: (d) => ({
    subject: `Tu proyecto «${d.projectName}»: ${d.status}`,
    greeting: d.name,
    blocks: [
      `El estado de tu proyecto «${d.projectName}» ha cambiado.`,
      { label: 'Estado actual', value: d.status },
      ...optional('Motivo', d.reason),
      ...optional('Teléfono de contacto', d.contact_phone),
    ],
    action: d.link ? { label: 'Ver mis proyectos', href: d.link } : undefined,
  }),
  confirmNewCandidates: (d) => ({
    subject: `Nueva candidatura a «${d.projectName}»`,
    greeting: d.name,
    blocks: [
      `Hay una nueva candidatura al proyecto «${d.projectName}».`,
      ...optional('Estudiante', d.studentName),
      { label: 'Correo', value: d.emailStudent },
      ...optional('Titulación', d.degree),
      ...optional('Provincia', d.province),
      ...optional('Qué le interesa del proyecto', d.interest),
      ...optional('Motivación', d.motivation),
      ...optional('Por qué es buena candidatura', d.good_candidate),
    ],
    action: d.link ? { label: 'Ver las candidaturas', href: d.link } : undefined,
  }),
  tutorAssigned: (d) => ({
    subject: `Tienes tutor o tutora en «${d.projectName}»`,
    greeting: d.name,
    blocks: [
      `Te hemos asignado un tutor o tutora para tu candidatura al proyecto «${d.projectName}».`,
      ...optional('Tutor o tutora', d.tutorName),
      ...optional('Correo', d.tutorEmail),
    ],
    action: d.link ? { label: 'Ver mis candidaturas', href: d.link } : undefined,
  }),
  applicationWithdrawn: (d) => ({
    subject: `Una candidatura a «${d.projectName}» se ha retirado`,
    greeting: d.name,
    blocks: [
      d.studentName?.trim()
        ? `${d.studentName.trim()} ha retirado su candidatura al proyecto «${d.projectName}».`
        : `Un estudiante ha retirado su candidatura al proyecto «${d.projectName}».`,
      'Ya no aparece entre las candidaturas que esperan respuesta.',
    ],
    action: d.link ? { label: 'Ver las candidaturas', href: d.link } : undefined,
  }),
  newMatchingProject: (d) => ({
    subject: `Un nuevo proyecto encaja contigo: «${d.projectName}»`,
    greeting: d.name,
    blocks: [
      d.organization?.trim()
        ? `Se ha publicado el proyecto «${d.projectName}» de ${d.organization.trim()} y creemos que encaja contigo.`
        : `Se ha publicado el proyecto «${d.projectName}» y creemos que encaja contigo.`,
      { label: 'Afinidad con tu perfil', value: `${d.score} sobre 100` },
      ...(d.reasons.length > 0
        ? [{ label: 'Por qué te lo recomendamos', value: d.reasons.join('; ') }]
        : []),
      'Recibes este aviso porque pediste que te avisáramos de proyectos nuevos que encajen contigo. Puedes desactivarlo en las preferencias de notificación de tu perfil.',
    ],
    action: d.link ? { label: 'Ver el proyecto', href: d.link } : undefined,
  }),
  tfxPublished: (d, c) => ({
    subject: `Tu trabajo «${d.title}» ya está publicado`,
    greeting: d.name,
    blocks: [
      `Hemos revisado tu trabajo final «${d.title}» y ya está publicado en la biblioteca de ${c.projectName}.`,
      'Desde ahora cualquier persona puede encontrarlo, leerlo y descargarlo. ¡Enhorabuena!',
    ],
    action: d.link ? { label: 'Ver mi trabajo', href: d.link } : undefined,
  }),
  tfxRejected: (d) => ({
    subject: `Tu trabajo «${d.title}» necesita cambios`,
    greeting: d.name,
    blocks: [
      `Hemos revisado tu trabajo final «${d.title}» y todavía no podemos publicarlo.`,
      { label: 'Motivo', value: d.reason },
      'Corrige lo que se indica y vuelve a enviarlo desde tu perfil: lo revisaremos de nuevo.',
    ],
    action: d.link ? { label: 'Corregir mi trabajo', href: d.link } : undefined,
  }),
  teacherVerified: (d, c) => ({
    subject: `Tu cuenta de docente en ${c.projectName} está verificada`,
    greeting: d.name,
    blocks: [
      'Hemos revisado tu cuenta de docente y ya está verificada: desde ahora puedes publicar proyectos.',
      'Cuando envíes un proyecto a revisión, el equipo de la plataforma lo validará antes de publicarlo.',
    ],
    action: d.link ? { label: 'Publicar un proyecto', href: d.link } : undefined,
  }),
  announcement: (d) => ({
    subject: d.subject,
    blocks: [
      ...d.text
        .split(/\n{2,}/)
        .map((block) => block.trim())
        .filter((block) => block.length > 0),
      'Recibes este correo porque tus preferencias de notificación lo permiten. Puedes cambiarlas en tu perfil.',
    ],
    action: d.link ? { label: 'Ver mis comunicaciones', href: d.link } : undefined,
  }),
};

/**
 * Renders a template after validating its data (a value with CR/LF, a link that is not http(s) or
 * a missing field throws a ZodError: the caller answers 400 before anything is written).
 */
export function renderEmail<T extends TemplateName>(
  template: T,
  data: TemplateData<T>,
  context: RenderContext,
): RenderedEmail {
  const parsed = TEMPLATE_DATA[template].parse(data) as TemplateData<T>;
  return layout(RENDERERS[template](parsed, context), context);
}
