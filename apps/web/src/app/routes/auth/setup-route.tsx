import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { useStartSession } from '../../../features/auth/api/login';
import { LOGIN_PATH } from '../../../features/auth/utils/redirects';
import { brandingQueryOptions } from '../../../features/branding/api/get-branding';
import { DEFAULT_BRANDING } from '../../../features/branding/defaults';
import { useSetupStatus } from '../../../features/setup/api/get-setup-status';
import { SetupForm } from '../../../features/setup/components/setup-form';
import { SETUP_TEXTS } from '../../../features/setup/setup.texts';
import { isSetupClosed, refusalOf } from '../../../features/setup/utils/refusal';
import { usePageTitle } from '../../layouts/page-title';
import { NotFoundRoute } from '../not-found';
import { AUTH_LINK_CLASSES, AuthPage } from './auth-page';

/** Where the first administrator lands: the administration's home. */
const ADMIN_HOME = '/admin';

/**
 * `/setup?token=` (ADR 0064): the link the server prints while the platform has no
 * administrator. The link is checked first; a missing or spent one is refused with what to do,
 * and once an administrator exists the page is the not-found page (the server answers it with
 * 404 too). The form's session opens as a sign-in's does (not remembered), the branding is read
 * again, and the administrator goes to the administration's home.
 */
export function SetupRoute() {
  usePageTitle(SETUP_TEXTS.pageTitle);
  const [params] = useSearchParams();
  const token = params.get('token');
  const status = useSetupStatus(token);
  const startSession = useStartSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  if (status.isPending) return <LoadingStatus label={SETUP_TEXTS.checking} />;
  if (status.isError) {
    if (isSetupClosed(status.error)) return <NotFoundRoute />;
    const reason = refusalOf(status.error);
    return (
      <AuthPage title={reason ? SETUP_TEXTS.refusedTitle : SETUP_TEXTS.title}>
        {reason ? (
          <div className="flex flex-col gap-4">
            <Alert tone="error">{SETUP_TEXTS.refused[reason]}</Alert>
            <p className="text-base leading-7 text-slate-700">{SETUP_TEXTS.whatToDo}</p>
          </div>
        ) : (
          <div className="flex flex-col items-start gap-3">
            <Alert tone="error">{SETUP_TEXTS.checkFailed}</Alert>
            <Button variant="secondary" onClick={() => void status.refetch()}>
              {SETUP_TEXTS.retry}
            </Button>
          </div>
        )}
      </AuthPage>
    );
  }

  return (
    <AuthPage title={SETUP_TEXTS.title} intro={SETUP_TEXTS.intro} isWide>
      <SetupForm
        token={token ?? ''}
        defaults={{
          mainColor: DEFAULT_BRANDING.mainColor,
          secondaryColor: DEFAULT_BRANDING.secondaryColor,
        }}
        onCompleted={(answer) => {
          startSession(answer, false);
          // The platform's name and colours are the ones just chosen (the branding and its logo's
          // answers are kept across sign-ins, so they are asked again).
          void queryClient.invalidateQueries({ queryKey: brandingQueryOptions().queryKey });
          void navigate(ADMIN_HOME, { replace: true });
        }}
        signInLink={
          <Link to={LOGIN_PATH} className={AUTH_LINK_CLASSES}>
            {SETUP_TEXTS.signIn}
          </Link>
        }
      />
    </AuthPage>
  );
}
