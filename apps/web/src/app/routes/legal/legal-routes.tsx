import { LEGAL_PAGES, LEGAL_TEXT_KINDS } from '@plataforma/shared';
import type { RouteObject } from 'react-router';
import { LegalRoute } from './legal-route';

/**
 * Routes of this area (see ../../routes.tsx): the privacy policy, the legal notice and the cookie
 * policy at the addresses the footer links (ADR 0035). Public.
 */
export const legalRoutes: RouteObject[] = LEGAL_TEXT_KINDS.map((kind) => ({
  path: LEGAL_PAGES[kind].path.slice(1),
  element: <LegalRoute key={kind} kind={kind} />,
}));
