import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import {
  availableSections,
  SECTION_PARAM,
  selectedSectionIndex,
  type ProfileSectionId,
} from '../utils/profile-sections';
import { ApplicationsSection } from './applications-section';
import { NotificationsSection } from './notifications-section';
import { OngoingProjectsSection } from './ongoing-projects-section';
import { PublishedWorksSection } from './published-works-section';
import { SavedProjectsSection } from './saved-projects-section';

export interface StudentSectionsProps {
  studentId: number;
  /**
   * Spec §3, §4: "Comunicaciones" exists only while notifications are enabled and the student has
   * a university (the navigation's hasCommunications, ADR 0033).
   */
  notificationsEnabled: boolean;
  canBrowseProjects: boolean;
  canUploadWork: boolean;
  /** Where the final-work library is for this student (/tfx or /tfx/external), if anywhere. */
  libraryHref: string | null;
  /** The saved resources list, shown in the `tfx` section after the saved works. */
  savedResources?: ReactNode;
  /** The communication centre (features/notifications), shown in the `notifications` section. */
  notificationCentre?: ReactNode;
}

/**
 * The student's sections of /profile as tabs (Headless UI Tabs: arrow keys move between them).
 * The selected tab follows `?section=` (spec §2); choosing another replaces the URL, so Back
 * leaves the page instead of walking through tabs. An unknown section shows the first tab.
 */
export function StudentSections({
  studentId,
  notificationsEnabled,
  canBrowseProjects,
  canUploadWork,
  libraryHref,
  savedResources,
  notificationCentre,
}: StudentSectionsProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const sections = availableSections({ notificationsEnabled });
  const selectedIndex = selectedSectionIndex(searchParams.get(SECTION_PARAM), sections);

  const select = (index: number) => {
    const section = sections[index];
    if (!section) return;
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(SECTION_PARAM, section.id);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  };

  const panel = (id: ProfileSectionId) => {
    switch (id) {
      case 'applys':
        return <ApplicationsSection studentId={studentId} canBrowseProjects={canBrowseProjects} />;
      case 'projects':
        return <SavedProjectsSection studentId={studentId} canBrowseProjects={canBrowseProjects} />;
      case 'ongoing':
        return <OngoingProjectsSection studentId={studentId} />;
      case 'tfx':
        return (
          <PublishedWorksSection
            studentId={studentId}
            canUploadWork={canUploadWork}
            libraryHref={libraryHref}
            savedResources={savedResources}
          />
        );
      case 'notifications':
        return (
          <NotificationsSection studentId={studentId} notificationCentre={notificationCentre} />
        );
    }
  };

  return (
    <TabGroup selectedIndex={selectedIndex} onChange={select}>
      <TabList aria-label="Secciones de tu actividad" className="flex flex-wrap gap-2">
        {sections.map((section) => (
          <Tab
            key={section.id}
            className="rounded-full border border-slate-300 bg-white px-3.5 py-2 text-sm sm:px-4 font-semibold text-slate-800 transition-colors hover:bg-slate-100 data-[selected]:border-main data-[selected]:bg-main data-[selected]:text-on-main"
          >
            {section.label}
          </Tab>
        ))}
      </TabList>
      <TabPanels className="mt-6">
        {sections.map((section) => (
          <TabPanel key={section.id} className="rounded-lg">
            {panel(section.id)}
          </TabPanel>
        ))}
      </TabPanels>
    </TabGroup>
  );
}
