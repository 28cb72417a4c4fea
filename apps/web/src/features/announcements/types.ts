import type {
  AnnouncementDelivery,
  AnnouncementKind,
  AnnouncementStatus,
  ApplicationStatus,
  Pagination,
  StudentGoal,
  StudyType,
  ThesisStage,
} from '@plataforma/shared';

/**
 * An audience as the API takes it (ADR 0045): a Strapi v4 filter object over students, compiled
 * by the server under the sender's reach.
 */
export type AudienceFilter = Record<string, unknown>;

/** The author as `populate=author` answers it (what the caller may see of a user). */
export interface AnnouncementAuthor {
  id: number;
  attributes: {
    name?: string | null;
    surname?: string | null;
    username?: string | null;
    email?: string | null;
  };
}

/**
 * An announcement's attributes (the content type `api::announcement.announcement`, ADR 0045):
 * what was sent and to whom, the server's status and the delivery counted live.
 */
export interface AnnouncementAttributes extends AnnouncementDelivery {
  subject: string;
  /** HTML, cleaned by the server; cleaned again before it is shown. */
  message: string;
  audience: AudienceFilter;
  kind: AnnouncementKind;
  sendAt: string;
  status: AnnouncementStatus;
  sentAt: string | null;
  createdAt: string;
  author?: { data: AnnouncementAuthor | null };
}

export interface Announcement {
  id: number;
  attributes: AnnouncementAttributes;
}

export interface AnnouncementAnswer {
  data: Announcement;
  meta: Record<string, never>;
}

export interface AnnouncementListAnswer {
  data: Announcement[];
  meta: { pagination: Pagination };
}

/** `POST /api/announcements` body's data. */
export interface AnnouncementInput {
  subject: string;
  message: string;
  audience: AudienceFilter;
  kind: AnnouncementKind;
  /** ISO date; absent: now. */
  sendAt?: string;
}

/** A catalogue entry or a project chosen in the audience builder: its id (as text) and name. */
export interface ChosenOption {
  value: string;
  label: string;
}

/** What the admin chose in the audience builder; empty lists and nulls add no condition. */
export interface AudienceChoice {
  university: ChosenOption | null;
  campus: ChosenOption | null;
  degrees: ChosenOption[];
  studyType: StudyType | null;
  thesisStages: ThesisStage[];
  goals: StudentGoal[];
  provinces: string[];
  studyAreas: string[];
  project: ChosenOption | null;
  applicationStatuses: ApplicationStatus[];
  /** Addresses, lower case, without repetitions. */
  emails: string[];
}
