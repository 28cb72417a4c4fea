import type { RouteObject } from 'react-router';

/**
 * Routes of this area (see ../../routes.tsx), loaded on demand (ADR 0056). Open to everyone:
 * visitors may answer (ADR 0018).
 */
export const questionnaireRoutes: RouteObject[] = [
  {
    path: 'cuestionario',
    lazy: async () => ({ Component: (await import('./questionnaire-route')).QuestionnaireRoute }),
  },
];
