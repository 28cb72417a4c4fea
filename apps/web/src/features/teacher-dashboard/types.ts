/** `GET /api/teachers/dashboard` → `data` (ADR 0025): what the teacher's panel shows. */
export type {
  DashboardCandidate,
  DashboardProgress,
  DashboardProject,
  TeacherDashboard,
  TutoredStudent,
} from '@plataforma/shared';
