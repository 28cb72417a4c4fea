import type { Branding } from './types';

/**
 * What the app looks like when no branding is configured or it cannot be loaded (spec §8: the app
 * keeps working). The theme colour #1226AA and the Montserrat font come from spec §3 and §9; the
 * other colours are this app's own palette around it. Keep in sync with index.html and styles.css.
 */
export const DEFAULT_BRANDING: Branding = {
  mainColor: '#1226AA',
  secondaryColor: '#4A5FD9',
  terciaryColor: '#E8EBFA',
  quaternaryColor: '#F2B705',
  footerColor: '#0B1766',
  projectName: 'Plataforma de impacto social',
  mainFont: 'Montserrat',
  logoUrl: null,
  origin: null,
  program: null,
  mailTo: null,
  universityName: null,
  politicsUrl: null,
};
