/** Spec §2 Modals, Thanks: "Ver proyectos" goes to /projects if enabled, else /tfx, else /. */
export function getThanksTarget({
  isProjectsEnabled,
  isTfxEnabled,
}: {
  isProjectsEnabled: boolean;
  isTfxEnabled: boolean;
}): string {
  if (isProjectsEnabled) return '/projects';
  if (isTfxEnabled) return '/tfx';
  return '/';
}
