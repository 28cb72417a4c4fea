import {
  APPLICATION_ANSWER_MAX_LENGTH,
  DNI_NIE_PATTERN,
  acrossFields,
  requiredText,
  type ApplyCreate,
} from '@plataforma/shared';
import { z } from 'zod';
import { checkForm } from '../../../forms/kit/field-errors';
import type { Call } from '../types';
import { FORM_MESSAGES } from '../../../forms/engine/messages';

/** Spec §5 form messages, plus the ones of this form. */
export const APPLY_MESSAGES = {
  required: FORM_MESSAGES.required,
  pattern: FORM_MESSAGES.pattern,
  maxLength: FORM_MESSAGES.maxLength,
  cv: 'Adjunta tu CV o indica un enlace a tu CV',
  url: 'Escribe un enlace que empiece por http:// o https://',
  dni: 'Escribe un DNI (8 cifras y una letra) o un NIE (X, Y o Z, 7 cifras y una letra)',
} as const;

/** Longest answer of each text question. */
export const ANSWER_MAX_LENGTH = APPLICATION_ANSWER_MAX_LENGTH;

/** How the CV is given: an uploaded PDF or a link. */
export type CvMode = 'file' | 'url';

export interface UploadedCv {
  id: number;
  name: string;
  size: number;
  url?: string;
}

export interface ApplyFormValues {
  cvMode: CvMode;
  cvFile: UploadedCv | null;
  cvUrl: string;
  video: string;
  interest: string;
  motivation: string;
  goodCandidate: string;
  availability: string;
  /** The chosen call's id, '' for none. */
  callId: string;
  dni: string;
}

export type ApplyField = Exclude<keyof ApplyFormValues, 'cvMode'>;
export type ApplyErrors = Partial<Record<ApplyField, string>>;

export function emptyApplyForm(): ApplyFormValues {
  return {
    cvMode: 'file',
    cvFile: null,
    cvUrl: '',
    video: '',
    interest: '',
    motivation: '',
    goodCandidate: '',
    availability: '',
    callId: '',
    dni: '',
  };
}

/** Same rule as the API: an http(s) URL. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** The call chosen in the form, if any. */
export function chosenCall(values: ApplyFormValues, calls: Call[]): Call | undefined {
  return calls.find((call) => String(call.id) === values.callId);
}

/** Whether the DNI is asked: the chosen call requires it. */
export function needsDni(values: ApplyFormValues, calls: Call[]): boolean {
  return chosenCall(values, calls)?.requiresDni === true;
}

const answer = requiredText(ANSWER_MAX_LENGTH);
const DNI_REQUIRED = acrossFields('dni', APPLY_MESSAGES.required);

/**
 * The application form's schema (the form kit, ADR 0073): the CV as a file or an http(s) link,
 * the four answers within the API's limit, and the DNI or NIE when the chosen call asks for it.
 */
export function applyFormSchema(calls: Call[]) {
  const asksDni = (values: ApplyFormValues) => needsDni(values, calls);
  return z
    .object({
      cvMode: z.enum(['file', 'url']),
      cvFile: z.custom<UploadedCv | null>(),
      cvUrl: z.string(),
      video: z.string().refine((video) => !video.trim() || isHttpUrl(video), APPLY_MESSAGES.url),
      interest: answer,
      motivation: answer,
      goodCandidate: answer,
      availability: answer,
      callId: z.string(),
      dni: z.string(),
    })
    .refine(
      (v) => v.cvMode !== 'file' || v.cvFile !== null,
      acrossFields('cvFile', APPLY_MESSAGES.cv),
    )
    .refine((v) => v.cvMode !== 'url' || !!v.cvUrl.trim(), acrossFields('cvUrl', APPLY_MESSAGES.cv))
    .refine(
      (v) => v.cvMode !== 'url' || !v.cvUrl.trim() || isHttpUrl(v.cvUrl),
      acrossFields('cvUrl', APPLY_MESSAGES.url),
    )
    .refine((v) => !asksDni(v) || !!v.dni.trim(), DNI_REQUIRED)
    .refine(
      (v) => !asksDni(v) || !v.dni.trim() || DNI_NIE_PATTERN.test(v.dni.trim()),
      acrossFields('dni', APPLY_MESSAGES.dni),
    );
}

/** Every problem of the form at once, by field (empty when it can be sent). */
export function validateApplyForm(values: ApplyFormValues, calls: Call[]): ApplyErrors {
  return checkForm(applyFormSchema(calls), values).errors;
}

/** The `data` of `POST /api/applys` (the shared contract's body), with only what was given. */
export function toApplyBody(
  values: ApplyFormValues,
  { studentId, projectId, calls }: { studentId: number; projectId: number; calls: Call[] },
): ApplyCreate {
  const call = chosenCall(values, calls);
  return {
    student: studentId,
    project: projectId,
    ...(values.cvMode === 'file' && values.cvFile ? { CV: values.cvFile.id } : {}),
    ...(values.cvMode === 'url' ? { CV_url: values.cvUrl.trim() } : {}),
    ...(values.video.trim() ? { video: values.video.trim() } : {}),
    interest: values.interest.trim(),
    motivation: values.motivation.trim(),
    good_candidate: values.goodCandidate.trim(),
    availability: values.availability.trim(),
    ...(call ? { call: call.id } : {}),
    ...(call?.requiresDni ? { dni: values.dni.trim().toUpperCase() } : {}),
  };
}
