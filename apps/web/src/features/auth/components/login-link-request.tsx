import { Disclosure, DisclosureButton, DisclosurePanel } from '@headlessui/react';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/form';
import { Alert } from '../../../components/ui/alert';
import { useRequestLoginLink } from '../api/request-login-link';
import { useForm } from '../../../forms/kit/use-form';
import { formErrorMessage } from '../utils/auth-errors';
import { emailFormSchema } from '../utils/validation';

export const LOGIN_LINK_SENT_MESSAGE =
  'Si existe una cuenta con ese correo, te hemos enviado un enlace para entrar. Caduca en 15 minutos.';

/**
 * "Send me a sign-in link" (`POST /auth/request-message`): an alternative to the password, folded
 * away under a disclosure so the login form stays simple. The answer never says whether the
 * address has an account.
 */
export function LoginLinkRequest() {
  const request = useRequestLoginLink();
  const form = useForm({ email: '' }, emailFormSchema);

  return (
    <Disclosure as="section" className="rounded-xl border border-slate-200 bg-slate-50">
      <DisclosureButton className="group flex w-full items-center justify-between gap-3 rounded-xl px-4 py-3 text-left text-sm font-semibold text-slate-900 sm:px-5">
        Entrar sin contraseña: recibir un enlace por correo
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          fill="currentColor"
          className="size-5 shrink-0 transition-transform group-data-[open]:rotate-180"
        >
          <path
            fillRule="evenodd"
            d="M5.22 8.22a.75.75 0 0 1 1.06 0L10 11.94l3.72-3.72a.75.75 0 1 1 1.06 1.06l-4.25 4.25a.75.75 0 0 1-1.06 0L5.22 9.28a.75.75 0 0 1 0-1.06Z"
            clipRule="evenodd"
          />
        </svg>
      </DisclosureButton>
      <DisclosurePanel className="px-4 pb-4 sm:px-5 sm:pb-5">
        <p className="mb-4 text-sm text-slate-700">
          Te enviaremos un enlace que abre tu sesión sin escribir la contraseña. Solo sirve una vez.
        </p>
        <form
          noValidate
          onSubmit={form.handleSubmit(({ email }) => request.mutate(email))}
          className="flex flex-col gap-4"
        >
          <TextField
            {...form.textProps('email')}
            label="Correo electrónico"
            type="email"
            autoComplete="email"
          />
          <Button type="submit" variant="secondary" isPending={request.isPending}>
            Enviarme el enlace
          </Button>
          {request.isSuccess ? <Alert tone="success">{LOGIN_LINK_SENT_MESSAGE}</Alert> : null}
          {request.isError ? <Alert tone="error">{formErrorMessage(request.error)}</Alert> : null}
        </form>
      </DisclosurePanel>
    </Disclosure>
  );
}
