/** Spec §2: the `section` query values of /profile, with the names the profile menu uses. */
export const PROFILE_SECTIONS = [
  { id: 'applys', label: 'Candidaturas' },
  { id: 'projects', label: 'Proyectos guardados' },
  { id: 'ongoing', label: 'Proyectos en marcha' },
  { id: 'tfx', label: 'Proyectos publicados' },
  { id: 'notifications', label: 'Comunicaciones' },
] as const;

export type ProfileSectionId = (typeof PROFILE_SECTIONS)[number]['id'];
export type ProfileSection = (typeof PROFILE_SECTIONS)[number];

export const SECTION_PARAM = 'section';

/** The sections a student sees: "Comunicaciones" only while the notifications feature is on. */
export function availableSections({
  notificationsEnabled,
}: {
  notificationsEnabled: boolean;
}): ProfileSection[] {
  return PROFILE_SECTIONS.filter((s) => s.id !== 'notifications' || notificationsEnabled);
}

/** The tab to select for `?section=`: its index, or the first tab for a missing or unknown one. */
export function selectedSectionIndex(
  param: string | null,
  sections: readonly ProfileSection[],
): number {
  const index = sections.findIndex((s) => s.id === param);
  return index === -1 ? 0 : index;
}
