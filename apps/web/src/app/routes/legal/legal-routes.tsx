import { LEGAL_PAGES, LEGAL_TEXT_KINDS } from '@plataforma/shared';
import type { RouteObject } from 'react-router';
import type { RouteHandle } from '../../../lib/server-rendered';

/**
 * Routes of this area (see ../../routes.tsx): the privacy policy, the legal notice and the cookie
 * policy at the addresses the footer links (ADR 0035). Public; loaded on demand (ADR 0056).
 */
export const legalRoutes: RouteObject[] = LEGAL_TEXT_KINDS.map((kind) => ({
  path: LEGAL_PAGES[kind].path.slice(1),
  // The placeholders of a legal text are filled in a DOM tree (fill-placeholders.ts): the
  // browser draws these pages (ADR 0060).
  handle: { serverRender: false } satisfies RouteHandle,
  lazy: async () => {
    const { LegalRoute } = await import('./legal-route');
    return { Component: () => <LegalRoute key={kind} kind={kind} /> };
  },
}));
