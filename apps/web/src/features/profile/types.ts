import type { ApplicationStatus, ProfileType } from '@plataforma/shared';

/** The signed-in user as the profile page shows and edits them (`GET /api/users/me`). */
export interface ProfileUser {
  id: number;
  email: string;
  name: string | null;
  surname: string | null;
  phone: string | null;
  profileType: ProfileType | null;
  picture?: { id: number; url: string } | null;
}

/** A Strapi v4 relation as read with populate. */
export interface Related<T> {
  data: { id: number; attributes: T } | null;
}

export interface RelatedList<T> {
  data: { id: number; attributes: T }[];
}

/** The project fields the profile lists show (title, where, who publishes it). */
export interface ProjectSummary {
  id: number;
  title: string;
  type: string | null;
  locality: string | null;
  organizationName: string | null;
}

/** Spec §3 Project progress: the five milestones of a project under way. */
export interface ProjectProgress {
  id: number;
  objectives: boolean;
  frame: boolean;
  conclusions: boolean;
  defense: boolean;
  final: boolean;
}

/** Spec §3 Application, as the student's own lists show it. */
export interface StudentApplication {
  id: number;
  status: ApplicationStatus;
  statusMessage: string | null;
  createdAt: string;
  project: ProjectSummary | null;
  /** The tutor an admin assigned (spec §3 Application.tutorAsigned), by full name. */
  tutorName: string | null;
  /** The project's progress record, once the student is selected (the server creates it). */
  progress: ProjectProgress | null;
}

/** Spec §3 TFX: a final work the student published. */
export interface StudentWork {
  id: number;
  title: string;
  summary: string | null;
  releaseMonth: string | null;
  awarded: boolean;
  createdAt: string;
}

/** Spec §3 Notification: an entry of the student's communication centre. */
export interface StudentNotification {
  id: number;
  isRead: boolean;
  subject: string;
  /** HTML; sanitised before it is shown. */
  message: string;
  createdAt: string;
}

/** Spec §3 Notification preferences (student). */
export const NOTIFICATION_PREFERENCE_KEYS = [
  'pre_selected',
  'not_selected',
  'selected',
  'new_matching_projects',
  'u4i_advice',
  'save_projects_with_candidates',
  'save_projects_selected',
  'professional_offers',
  'email',
  'whatsapp',
] as const;

export type NotificationPreferenceKey = (typeof NOTIFICATION_PREFERENCE_KEYS)[number];
export type NotificationPreferences = Record<NotificationPreferenceKey, boolean>;
