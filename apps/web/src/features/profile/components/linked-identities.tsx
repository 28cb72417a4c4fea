import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { showToast } from '../../../components/ui/toast';
import { useLinkedIdentities, useUnlinkIdentity } from '../api/linked-identities';
import { SectionError } from './section-states';

const SPANISH_DAY = new Intl.DateTimeFormat('es-ES', {
  dateStyle: 'long',
  timeZone: 'Europe/Madrid',
});

/**
 * The profile's university accounts (ADR 0074): each identity linked to this account, since when,
 * and "Desvincular" while another way in remains (the server decides, and says why not).
 */
export function LinkedIdentities() {
  const identities = useLinkedIdentities();
  const unlink = useUnlinkIdentity();

  return (
    <section aria-labelledby="perfil-cuentas-institucionales" className="flex flex-col gap-3">
      <h3 id="perfil-cuentas-institucionales" className="text-base font-semibold text-slate-900">
        Cuentas institucionales
      </h3>
      {identities.isPending ? (
        <LoadingStatus />
      ) : identities.isError ? (
        <SectionError onRetry={() => void identities.refetch()} />
      ) : identities.data.data.length === 0 ? (
        <p className="text-sm text-slate-700">
          No has vinculado ninguna cuenta de tu universidad. Cuando entres con ella, aparecerá aquí.
        </p>
      ) : (
        <ul className="flex flex-col gap-2">
          {identities.data.data.map((identity) => (
            <li
              key={identity.id}
              className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 px-4 py-3"
            >
              <div className="min-w-0">
                <p className="font-semibold break-words text-slate-900">{identity.providerName}</p>
                <p className="text-sm text-slate-600">
                  Vinculada desde el {SPANISH_DAY.format(new Date(identity.since))}
                </p>
              </div>
              <Button
                variant="secondary"
                isPending={unlink.isPending && unlink.variables === identity.id}
                aria-label={`Desvincular ${identity.providerName}`}
                onClick={() =>
                  unlink.mutate(identity.id, {
                    onSuccess: () =>
                      showToast(`Has desvinculado la cuenta de ${identity.providerName}.`),
                  })
                }
              >
                Desvincular
              </Button>
            </li>
          ))}
        </ul>
      )}
      {unlink.isError ? <Alert tone="error">{unlink.error.message}</Alert> : null}
    </section>
  );
}
