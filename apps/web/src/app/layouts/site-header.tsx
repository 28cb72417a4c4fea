import { lazy, Suspense, useEffect, useRef, useState, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import { Link, useLocation, useNavigate } from 'react-router';
import { ButtonLink } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { resolveMediaUrl } from '../../lib/media-url';
import { useLogout } from '../../features/auth/api/logout';
import { useSession, type Session } from '../../features/auth/hooks/use-session';
import { LOGIN_PATH } from '../../features/auth/utils/redirects';
import { useMenuLogo } from '../../features/branding/api/get-menu-logo';
import { useBranding } from '../../features/branding/hooks/use-branding';
import { isMurciaOrigin } from '../../features/branding/utils/branding-match';
import { EntryMenu, ProfileMenu } from '../../features/navigation/components/account-menus';
import { DesktopNav } from '../../features/navigation/components/desktop-nav';
import { ActionIcon } from '../../features/navigation/components/icons';
import { MobileMenu } from '../../features/navigation/components/mobile-menu';
import { useHeaderFit } from '../../features/navigation/hooks/use-header-fit';
import { preloadHeaderWidgets } from '../../features/navigation/hooks/use-header-widgets';
import type { MenuAudience, MenuModel, MenuUser } from '../../features/navigation/types';
import { buildMenu } from '../../features/navigation/utils/build-menu';
import { findCurrentHref } from '../../features/navigation/utils/current-link';
import { usePermissions } from '../../features/permissions/api/get-permissions';
import { MenuButtonBadge } from '../../features/notifications/components/menu-button-badge';
import { NotificationUpdates } from '../../features/notifications/components/notification-updates';

/**
 * The bell is a Headless UI popover with its list, for signed-in students only: it loads with
 * their header rather than with every visitor's first page (ADR 0061).
 */
const NotificationBell = lazy(() =>
  import('../../features/notifications/components/notification-bell').then((module) => ({
    default: module.NotificationBell,
  })),
);

/**
 * A desktop part while the bar does not fit: out of the flow and invisible (so neither seen, read
 * out nor focused), at its natural width, so it is measured again as the window grows.
 */
const OFFSTAGE = 'lg:pointer-events-none lg:invisible lg:absolute lg:top-0 lg:right-0 lg:w-max';

/**
 * Site header (spec §2 "Header and menu by audience"): the logo and project name as the home link;
 * on desktop the role's menu, the call to action and the profile menu; below the `lg` breakpoint
 * all of them in a side menu. A visitor's "Entrar" is there at every width.
 */
export function SiteHeader() {
  const session = useSession();
  const { permissions } = usePermissions();
  const branding = useBranding();
  const location = useLocation();
  const navigate = useNavigate();
  const logout = useLogout();

  const model = buildMenu({
    audience: toAudience(session),
    details: session.details,
    permissions,
    isMurcia: isMurciaOrigin(branding),
  });
  const currentHref = findCurrentHref(allHrefs(model), location);
  const user = session.user ? toMenuUser(session.user) : null;
  const { account, action } = model;
  // From `lg` the desktop bar shows when it fits beside the logo (the name giving way first);
  // otherwise the side menu does.
  const rowRef = useRef<HTMLDivElement>(null);
  const nameRef = useRef<HTMLSpanElement>(null);
  const { barFits, showName } = useHeaderFit(rowRef, nameRef);
  // The communication centre's bell only where spec §4 allows it (a student with a university,
  // notifications enabled: the menu model's rule): beside the profile menu on desktop, in the
  // side menu on phones, whose button then carries the count (ADR 0044).
  const bellStudentId =
    model.showNotificationBell && session.details?.profileId ? session.details.profileId : null;
  // A signed-in person uses their menus on every page: they load with the header (ADR 0061).
  const isMember = account.kind === 'member';
  useEffect(() => {
    if (isMember) preloadHeaderWidgets();
  }, [isMember]);

  // Spec §2, §4: after an explicit logout the user stays on the login page. The session is cleared
  // and rendered first (a private page then asks for the login with itself as the target); the
  // plain login path navigated to afterwards supersedes that.
  const signOut = () => {
    flushSync(logout);
    void navigate(LOGIN_PATH);
  };

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
      {/* Wider than the pages' column (max-w-6xl): the admin's bar, the longest, needs the
          room at 1280 px; below that width a bar that does not fit gives way to the side menu. */}
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:h-20 sm:px-6">
        <HomeLink
          projectName={branding.projectName}
          logoUrl={branding.logoUrl}
          nameRef={nameRef}
          showName={showName}
        />
        <div ref={rowRef} className="flex flex-1 items-center justify-end gap-2 lg:min-w-0">
          <DesktopNav
            entries={model.entries}
            currentHref={currentHref}
            className={cn('hidden shrink-0 lg:block', !barFits && OFFSTAGE)}
          />
          {action && (
            // A wrapper hides it: the button's own inline-flex would win over `hidden`.
            <div className={cn('hidden shrink-0 lg:block', !barFits && OFFSTAGE)}>
              <ButtonLink
                to={action.href}
                aria-current={action.href === currentHref ? 'page' : undefined}
                className="px-4 py-2 whitespace-nowrap"
              >
                <ActionIcon icon={action.icon} />
                {action.label}
              </ButtonLink>
            </div>
          )}
          {bellStudentId !== null && (
            <div
              data-slot="notification-bell"
              className={cn('hidden shrink-0 lg:block', !barFits && OFFSTAGE)}
            >
              <Suspense fallback={<div className="size-11" />}>
                <NotificationBell studentId={bellStudentId} placement="bar" />
              </Suspense>
            </div>
          )}
          {account.kind === 'visitor' && (
            // Spec §2: visitors get "Entrar" at every width, phones included.
            <EntryMenu
              label={account.label}
              links={account.links}
              currentHref={currentHref}
              className="shrink-0"
            />
          )}
          {account.kind === 'member' && user && (
            <ProfileMenu
              user={user}
              links={account.links}
              logoutLabel={account.logoutLabel}
              onLogout={signOut}
              currentHref={currentHref}
              className={cn('hidden shrink-0 lg:block', !barFits && OFFSTAGE)}
            />
          )}
          <MobileMenu
            model={model}
            user={user}
            currentHref={currentHref}
            onLogout={signOut}
            className={cn('shrink-0', barFits && 'lg:hidden')}
            notificationBell={
              bellStudentId !== null ? (
                <Suspense fallback={null}>
                  <NotificationBell studentId={bellStudentId} placement="menu" />
                </Suspense>
              ) : undefined
            }
            buttonBadge={
              bellStudentId !== null ? <MenuButtonBadge studentId={bellStudentId} /> : undefined
            }
          />
        </div>
      </div>
      {bellStudentId !== null && <NotificationUpdates studentId={bellStudentId} />}
    </header>
  );
}

/**
 * The logo and the project name, together the link home. Spec §1, §3: the header shows the
 * branding's `logoUrl` when there is one, otherwise the menu logo (which is also the favicon),
 * otherwise a mark made of the project name's initials. Where a desktop menu needs its room, the
 * name is only read out (the logo shows), so the menu fits on one line.
 */
function HomeLink({
  projectName,
  logoUrl,
  nameRef,
  showName,
}: {
  projectName: string;
  logoUrl: string | null;
  nameRef: RefObject<HTMLSpanElement | null>;
  /** False where the desktop bar needs the name's room (use-header-fit.ts). */
  showName: boolean;
}) {
  const menuLogo = useMenuLogo();
  // A logo that does not load must not leave a broken-image icon in the header: the next one in
  // the order above takes its place.
  const [failedUrls, setFailedUrls] = useState<readonly string[]>([]);
  const brandLogo = resolveMediaUrl(logoUrl);
  const logo = [brandLogo, menuLogo?.url ?? null].find(
    (url): url is string => url !== null && !failedUrls.includes(url),
  );
  // The branding's logo is the university's full logo, name included: beside it the name would be
  // written twice, so it is only read out. The menu logo is a mark and keeps the name beside it.
  const isFullLogo = logo !== undefined && logo === brandLogo;

  return (
    // On a phone the name wraps or gives way to the buttons; beside a desktop bar the logo and the
    // name keep their size (the bar gives way to the side menu when they do not fit together).
    <Link
      to="/"
      className="group flex min-w-0 items-center gap-3 rounded-md text-slate-900 lg:shrink-0"
    >
      {logo ? (
        // The project name next to it is the link text, so the logo itself is decorative.
        <img
          key={logo}
          src={logo}
          alt=""
          className={cn(
            'h-9 w-auto shrink-0 object-contain sm:h-11',
            isFullLogo ? 'max-w-48 sm:max-w-56' : 'max-w-40',
          )}
          onError={() => setFailedUrls((failed) => [...failed, logo])}
        />
      ) : (
        <span
          aria-hidden="true"
          className="grid size-9 shrink-0 place-items-center rounded-lg bg-main text-sm font-bold text-on-main sm:size-11"
        >
          {initials(projectName)}
        </span>
      )}
      <span
        ref={nameRef}
        className={cn(
          // Two lines rather than a name cut after a few letters where the header is narrow (the
          // admin's long bar). On a phone a logo stands for it alone, the name still being the
          // link's text for screen readers.
          'line-clamp-2 text-base leading-tight font-bold tracking-tight decoration-main decoration-2 underline-offset-4 group-hover:underline sm:text-lg sm:leading-snug lg:max-w-48',
          isFullLogo && 'sr-only',
          logo && 'max-sm:sr-only',
          !showName && 'lg:sr-only',
        )}
      >
        {projectName}
      </span>
    </Link>
  );
}

function toAudience(session: Session): MenuAudience {
  if (session.status === 'anonymous') return { kind: 'visitor' };
  if (session.status === 'loading' || !session.user) return { kind: 'loading' };
  return { kind: 'member', profileType: session.user.profileType };
}

function toMenuUser(user: NonNullable<Session['user']>): MenuUser {
  return {
    name: user.name,
    surname: user.surname,
    username: user.username,
    email: user.email,
    pictureUrl: resolveMediaUrl(user.picture?.url),
  };
}

/** Every href the header and side menu link to, to find the one that is the current page. */
function allHrefs({ entries, action, account }: MenuModel): string[] {
  return [
    ...entries.flatMap((e) => (e.kind === 'link' ? [e.href] : e.links.map((l) => l.href))),
    ...(action ? [action.href] : []),
    ...(account.kind === 'none' ? [] : account.links.map((l) => l.href)),
  ];
}

/** Up to two initials of the project name, for the placeholder mark when there is no logo. */
function initials(name: string): string {
  const words = name.split(/\s+/).filter((w) => /^\p{Lu}/u.test(w));
  const picked = words.length > 0 ? words : name.split(/\s+/);
  return picked
    .slice(0, 2)
    .map((w) => w.charAt(0).toUpperCase())
    .join('');
}
