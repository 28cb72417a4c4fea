/**
 * The colour maths of the branding live in the shared package, so the API's emails keep the
 * contrast rule of the site (ADR 0032); the web reads them from here.
 */
export {
  DARK_TEXT,
  LIGHT_TEXT,
  contrastRatio,
  inkOnLight,
  parseRgb,
  readableTextColor,
  rgbContrast,
  type Rgb,
} from '@plataforma/shared';
