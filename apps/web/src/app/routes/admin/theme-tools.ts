import { isEmprendeProgram, isMurciaOrigin } from '../../../features/branding/utils/branding-match';
import { toBranding } from '../../../features/branding/utils/to-branding';
import { themeVariables } from '../../../features/branding/utils/theme';
import type { Branding } from '../../../features/branding/types';
import type { BrandingDraft, ThemeTools } from '../../../features/settings/types';

/**
 * The branding feature's theme rules, handed to the settings editor (features do not import each
 * other): the preview is painted and the contrast is measured exactly as the live theme does.
 */
export const themeTools: ThemeTools = {
  // toBranding falls back to the defaults for a colour still being typed, as the live theme would.
  themeVariables: (draft) => themeVariables(toBranding(draft)),
  isMurciaOrigin: (origin) => isMurciaOrigin({ origin, program: null }),
  isEmprendeProgram: (program) => isEmprendeProgram({ origin: null, program }),
};

/** The branding in effect, as the form's starting values. */
export function toBrandingDraft(branding: Branding): BrandingDraft {
  return {
    projectName: branding.projectName,
    university_name: branding.universityName ?? '',
    origin: branding.origin ?? '',
    program: branding.program ?? '',
    mailTo: branding.mailTo ?? '',
    politicsUrl: branding.politicsUrl ?? '',
    logoUrl: branding.logoUrl ?? '',
    mainfont: branding.mainFont,
    mainColor: branding.mainColor,
    secondaryColor: branding.secondaryColor,
    terciaryColor: branding.terciaryColor,
    quaternaryColor: branding.quaternaryColor,
    footerColor: branding.footerColor,
  };
}
