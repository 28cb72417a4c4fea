import { Registry } from './lib/strapi/registry';
import { ACCESS_POLICIES } from './features/access/access.policies';
import { fileType, roleType, userType } from './features/accounts/accounts.content-types';
import {
  callType,
  campusType,
  degreeType,
  studyAreaType,
  studySubareaType,
  universityType,
} from './features/catalogue/catalogue.content-types';
import {
  coordinatorType,
  studentType,
  teacherType,
} from './features/profiles/profiles.content-types';
import { organizationType } from './features/organizations/organizations.content-types';
import { projectProgressType, projectType } from './features/projects/projects.content-types';
import { applyType } from './features/applications/applications.content-types';
import { resourceType, tfxType } from './features/library/library.content-types';
import { communicationCenterType } from './features/communications/communications.content-types';
import { announcementType } from './features/announcements/announcements.content-types';
import {
  brandingSaasType,
  brandingType,
  featurePermissionType,
  footerSectionType,
  teacherSettingType,
} from './features/site/site.content-types';
import { questionnaireAnswerType } from './features/questionnaire/questionnaire.content-types';
import { bannerType } from './features/banners/banners.content-types';
import {
  legalConsentType,
  legalTextType,
  legalTextVersionType,
} from './features/legal/legal.content-types';

/**
 * Every content type of the API (spec §3). A new type: define it in its feature's
 * `<feature>.content-types.ts` and add it here; the generic routes, filters, populate and the
 * OpenAPI description follow.
 */
export function createRegistry(): Registry {
  const registry = new Registry([
    userType,
    roleType,
    fileType,
    universityType,
    campusType,
    degreeType,
    callType,
    studyAreaType,
    studySubareaType,
    studentType,
    teacherType,
    coordinatorType,
    organizationType,
    projectType,
    projectProgressType,
    applyType,
    tfxType,
    resourceType,
    communicationCenterType,
    announcementType,
    brandingType,
    brandingSaasType,
    featurePermissionType,
    footerSectionType,
    teacherSettingType,
    questionnaireAnswerType,
    bannerType,
    legalTextType,
    legalTextVersionType,
    legalConsentType,
  ]);
  // Who may do what lives in one table (features/access); a type without an entry is closed.
  for (const [uid, policy] of Object.entries(ACCESS_POLICIES)) registry.setPolicy(uid, policy);
  return registry;
}
