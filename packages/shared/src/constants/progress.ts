/** Spec §3 Project progress: the five milestones of a project under way, in their order. */
export const PROGRESS_MILESTONES = [
  { key: 'objectives', label: 'Objetivos definidos' },
  { key: 'frame', label: 'Marco teórico' },
  { key: 'conclusions', label: 'Conclusiones' },
  { key: 'defense', label: 'Defensa' },
  { key: 'final', label: 'Entrega final' },
] as const;

export type ProgressMilestone = (typeof PROGRESS_MILESTONES)[number]['key'];
export type ProgressState = Record<ProgressMilestone, boolean>;
