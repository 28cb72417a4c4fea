import { z } from 'zod';

/**
 * The emails the platform sends (issue 3 Email; spec §7 Communications), each with the data it
 * needs. Texts are Spanish; every value is escaped in HTML and none may carry CR/LF.
 */
const line = z
  .string()
  .max(500)
  .refine((v) => !/[\r\n]/.test(v), 'no puede contener saltos de línea');
const paragraph = z.string().max(5000);
const link = z.url({ protocol: /^https?$/ });

export const TEMPLATE_DATA = {
  confirmation: z.object({ name: line, link }),
  reset: z.object({ name: line, link }),
  login: z.object({ name: line, link }),
  inviteTeacher: z.object({ link, invitedBy: line.optional() }),
  inviteStudent: z.object({ link, invitedBy: line.optional() }),
  confirmApply: z.object({ projectName: line, organizationName: line }),
  confirmStatusApply: z.object({
    organization: line,
    projectName: line,
    status: line,
    message: paragraph.optional(),
  }),
  confirmSelected: z.object({
    projectName: line,
    phone: line,
    role: z.enum(['student', 'teacher']),
  }),
  confirmProject: z.object({
    projectName: line,
    contact_phone: line.optional(),
    status: line,
    reason: paragraph.optional(),
  }),
  confirmNewCandidates: z.object({
    projectName: line,
    emailStudent: line,
    degree: line.optional(),
    province: line.optional(),
    contact_name: line.optional(),
    interest: paragraph.optional(),
    good_candidate: paragraph.optional(),
    motivation: paragraph.optional(),
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
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ESCAPES[c] as string);

interface Parts {
  subject: string;
  /** Plain lines; the HTML body is built from the same content. */
  lines: string[];
  action?: { label: string; href: string };
}

function layout(parts: Parts, context: RenderContext): RenderedEmail {
  const body = parts.lines.map((l) => `<p style="margin:0 0 16px">${escapeHtml(l)}</p>`).join('');
  const button = parts.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(parts.action.href)}" style="background:#1226AA;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(parts.action.label)}</a></p><p style="margin:0 0 16px;font-size:13px;color:#555555">Si el botón no funciona, copia este enlace en tu navegador: ${escapeHtml(parts.action.href)}</p>`
    : '';
  const html = `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>${escapeHtml(parts.subject)}</title></head><body style="font-family:Arial,Helvetica,sans-serif;color:#1a1a1a;line-height:1.5;max-width:600px;margin:0 auto;padding:24px"><h1 style="font-size:20px;color:#1226AA;margin:0 0 24px">${escapeHtml(context.projectName)}</h1>${body}${button}<p style="margin:32px 0 0;font-size:12px;color:#555555">Este mensaje lo envía ${escapeHtml(context.projectName)} (${escapeHtml(context.publicUrl)}).</p></body></html>`;
  const text = [
    ...parts.lines,
    ...(parts.action ? ['', `${parts.action.label}: ${parts.action.href}`] : []),
    '',
    `— ${context.projectName} (${context.publicUrl})`,
  ].join('\n');
  return { subject: parts.subject, html, text };
}

type Renderers = { [T in TemplateName]: (data: TemplateData<T>, context: RenderContext) => Parts };

const RENDERERS: Renderers = {
  confirmation: (d, c) => ({
    subject: `Confirma tu correo en ${c.projectName}`,
    lines: [
      `Hola, ${d.name}:`,
      'Gracias por registrarte. Confirma tu dirección de correo para activar tu cuenta.',
    ],
    action: { label: 'Confirmar mi correo', href: d.link },
  }),
  reset: (d, c) => ({
    subject: `Restablece tu contraseña de ${c.projectName}`,
    lines: [
      `Hola, ${d.name}:`,
      'Hemos recibido una solicitud para restablecer tu contraseña. El enlace caduca en una hora y solo sirve una vez.',
      'Si no lo has pedido tú, ignora este mensaje: tu contraseña no cambiará.',
    ],
    action: { label: 'Elegir una contraseña nueva', href: d.link },
  }),
  login: (d, c) => ({
    subject: `Tu enlace para entrar en ${c.projectName}`,
    lines: [
      `Hola, ${d.name}:`,
      'Usa este enlace para entrar sin contraseña. Caduca en 15 minutos y solo sirve una vez.',
    ],
    action: { label: 'Entrar', href: d.link },
  }),
  inviteTeacher: (d, c) => ({
    subject: `Te invitamos a publicar proyectos en ${c.projectName}`,
    lines: [
      d.invitedBy
        ? `${d.invitedBy} te invita a unirte como profesor o profesora.`
        : 'Te invitamos a unirte como profesor o profesora.',
      'Publica proyectos, tutoriza trabajos finales y sigue el avance de tus estudiantes.',
    ],
    action: { label: 'Crear mi cuenta', href: d.link },
  }),
  inviteStudent: (d, c) => ({
    subject: `Te invitamos a ${c.projectName}`,
    lines: [
      d.invitedBy
        ? `${d.invitedBy} te invita a unirte como estudiante.`
        : 'Te invitamos a unirte como estudiante.',
      'Descubre proyectos con impacto social y encuentra tu TFG o TFM.',
    ],
    action: { label: 'Crear mi cuenta', href: d.link },
  }),
  confirmApply: (d) => ({
    subject: `Hemos recibido tu candidatura a «${d.projectName}»`,
    lines: [
      `Tu candidatura al proyecto «${d.projectName}» de ${d.organizationName} se ha enviado correctamente.`,
      'Te avisaremos cuando cambie su estado.',
    ],
  }),
  confirmStatusApply: (d) => ({
    subject: `Tu candidatura a «${d.projectName}»: ${d.status}`,
    lines: [
      `El estado de tu candidatura al proyecto «${d.projectName}» de ${d.organization} es ahora: ${d.status}.`,
      ...(d.message ? [d.message] : []),
    ],
  }),
  confirmSelected: (d) => ({
    subject: `Selección en «${d.projectName}»`,
    lines:
      d.role === 'student'
        ? [
            `¡Enhorabuena! Has sido seleccionado o seleccionada para el proyecto «${d.projectName}».`,
            `Teléfono de contacto: ${d.phone}.`,
          ]
        : [
            `Se ha seleccionado a un estudiante para tu proyecto «${d.projectName}».`,
            `Teléfono de contacto: ${d.phone}.`,
          ],
  }),
  confirmProject: (d) => ({
    subject: `Tu proyecto «${d.projectName}»: ${d.status}`,
    lines: [
      `El estado de tu proyecto «${d.projectName}» es ahora: ${d.status}.`,
      ...(d.reason ? [`Motivo: ${d.reason}`] : []),
      ...(d.contact_phone ? [`Teléfono de contacto: ${d.contact_phone}.`] : []),
    ],
  }),
  confirmNewCandidates: (d) => ({
    subject: `Nueva candidatura a «${d.projectName}»`,
    lines: [
      `Hay una nueva candidatura al proyecto «${d.projectName}».`,
      `Correo del estudiante: ${d.emailStudent}.`,
      ...(d.degree ? [`Titulación: ${d.degree}.`] : []),
      ...(d.province ? [`Provincia: ${d.province}.`] : []),
      ...(d.interest ? [`Interés: ${d.interest}`] : []),
      ...(d.motivation ? [`Motivación: ${d.motivation}`] : []),
      ...(d.good_candidate ? [`Por qué es buen candidato: ${d.good_candidate}`] : []),
    ],
  }),
};

/**
 * Renders a template after validating its data (a value with CR/LF, an invalid link or a missing
 * field throws a ZodError: the caller answers 400 before anything is written).
 */
export function renderEmail<T extends TemplateName>(
  template: T,
  data: TemplateData<T>,
  context: RenderContext,
): RenderedEmail {
  const parsed = TEMPLATE_DATA[template].parse(data) as TemplateData<T>;
  return layout(RENDERERS[template](parsed, context), context);
}

