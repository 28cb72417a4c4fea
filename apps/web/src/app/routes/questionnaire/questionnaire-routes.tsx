import type { RouteObject } from 'react-router';
import { QuestionnaireRoute } from './questionnaire-route';

/** Routes of this area (see ../../routes.tsx). Open to everyone: visitors may answer (ADR 0018). */
export const questionnaireRoutes: RouteObject[] = [
  { path: 'cuestionario', element: <QuestionnaireRoute /> },
];
