import { Fieldset, Legend } from '@headlessui/react';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { SessionAnswer } from '@plataforma/shared';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ColorField } from '../../../components/ui/color-field';
import { TextField } from '../../../components/ui/form';
import { PasswordField } from '../../../components/ui/password-field';
import { ApiError, NETWORK_ERROR_STATUS } from '../../../lib/api-client';
import { useCompleteSetup } from '../api/complete-setup';
import { SETUP_TEXTS } from '../setup.texts';
import {
  fieldSelector,
  firstErrorField,
  serverSetupErrors,
  setupFormErrors,
  toSetupBody,
  universityField,
  type SetupErrors,
  type SetupFormValues,
} from '../utils/setup-form';
import { refusalOf } from '../utils/refusal';
import { UniversitiesField } from './universities-field';

const TEXTS = SETUP_TEXTS;

type TextFieldName = Exclude<keyof SetupFormValues, 'universities'>;

interface SetupFormProps {
  /** The setup link's token. */
  token: string;
  /** The theme's colours, which the form starts from. */
  defaults: { mainColor: string; secondaryColor: string };
  /** The setup is done and this is the administrator's session (the caller opens it). */
  onCompleted: (answer: SessionAnswer) => void;
  /** The platform got an administrator meanwhile (another person finished first). */
  signInLink: ReactNode;
}

/**
 * The first start's form (ADR 0064): the first administrator and the platform's name,
 * universities, colours and contact address. Each field's rule speaks once the person has left it
 * filled in or tried to send the form (the colours as soon as they change, so the contrast is seen
 * while choosing); the server's errors land on their fields; after a refused send the first wrong
 * field gets the focus.
 */
export function SetupForm({ token, defaults, onCompleted, signInLink }: SetupFormProps) {
  const complete = useCompleteSetup();
  const ids = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const nextKey = useRef(1);
  const [values, setValues] = useState<SetupFormValues>({
    name: '',
    surname: '',
    email: '',
    password: '',
    passwordConfirmation: '',
    projectName: '',
    universities: [{ key: 0, name: '' }],
    mainColor: defaults.mainColor,
    secondaryColor: defaults.secondaryColor,
    mailTo: '',
  });
  const [visited, setVisited] = useState<ReadonlySet<string>>(new Set());
  const [isSubmitted, setIsSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<SetupErrors>({});
  const [formError, setFormError] = useState<ReactNode>(null);
  const [focus, setFocus] = useState<{ request: number; selector: string } | null>(null);

  const clientErrors = setupFormErrors(values);
  const errorOf = (field: string): string | undefined =>
    serverErrors[field] ?? (isSubmitted || visited.has(field) ? clientErrors[field] : undefined);

  useEffect(() => {
    if (!focus) return;
    formRef.current?.querySelector<HTMLElement>(focus.selector)?.focus();
  }, [focus]);
  const focusOn = (selector: string) =>
    setFocus((current) => ({ request: (current?.request ?? 0) + 1, selector }));

  const visit = (field: string) =>
    setVisited((current) => (current.has(field) ? current : new Set(current).add(field)));
  // Leaving an empty field says nothing yet: "obligatorio" waits for the send. Otherwise the
  // message would appear as the person moves to the button, push it down under the pointer and
  // swallow the click (a new university's empty row is left that way).
  const leave = (field: string, value: string) => {
    if (value !== '') visit(field);
  };
  const forget = (field: string) =>
    setServerErrors((current) => {
      if (current[field] === undefined) return current;
      const { [field]: _dropped, ...rest } = current;
      return rest;
    });

  const change = (field: TextFieldName, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    forget(field);
  };
  const textProps = (field: TextFieldName) => ({
    name: field,
    value: values[field],
    onChange: (event: { target: { value: string } }) => change(field, event.target.value),
    onBlur: () => leave(field, values[field]),
    error: errorOf(field),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setIsSubmitted(true);
    setFormError(null);
    const firstWrong = firstErrorField(clientErrors, values);
    if (firstWrong) {
      focusOn(fieldSelector(firstWrong));
      return;
    }
    complete.mutate(toSetupBody(values, token), {
      onSuccess: onCompleted,
      onError: (error) => {
        const fields = serverSetupErrors(error, values);
        const firstWrong = firstErrorField(fields, values);
        if (firstWrong) {
          setServerErrors(fields);
          focusOn(fieldSelector(firstWrong));
          return;
        }
        setFormError(failureMessage(error, signInLink));
      },
    });
  }

  const universitiesError = errorOf('universities');

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="flex flex-col gap-8">
      {formError ? <Alert tone="error">{formError}</Alert> : null}

      <Fieldset className="flex flex-col gap-5">
        <Legend className="text-lg font-bold text-slate-900">{TEXTS.admin.legend}</Legend>
        <p className="-mt-2 text-sm text-slate-700">{TEXTS.admin.description}</p>
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField {...textProps('name')} label={TEXTS.admin.name} autoComplete="given-name" />
          <TextField
            {...textProps('surname')}
            label={TEXTS.admin.surname}
            autoComplete="family-name"
            isOptional
          />
        </div>
        <TextField
          {...textProps('email')}
          label={TEXTS.admin.email}
          type="email"
          inputMode="email"
          autoComplete="email"
          hint={TEXTS.admin.emailHint}
        />
        <PasswordField
          {...textProps('password')}
          label={TEXTS.admin.password}
          autoComplete="new-password"
          hint={TEXTS.admin.passwordHint}
        />
        <PasswordField
          {...textProps('passwordConfirmation')}
          label={TEXTS.admin.passwordConfirmation}
          autoComplete="new-password"
        />
      </Fieldset>

      <Fieldset className="flex flex-col gap-5">
        <Legend className="text-lg font-bold text-slate-900">{TEXTS.installation.legend}</Legend>
        <TextField
          {...textProps('projectName')}
          label={TEXTS.installation.projectName}
          hint={TEXTS.installation.projectNameHint}
          autoComplete="off"
        />
        <UniversitiesField
          idPrefix={`${ids}-universities`}
          rows={values.universities}
          error={universitiesError}
          errorOf={(row) => errorOf(universityField(row))}
          onChange={(row, name) => {
            setValues((current) => ({
              ...current,
              universities: current.universities.map((each) =>
                each.key === row.key ? { ...each, name } : each,
              ),
            }));
            forget(universityField(row));
            forget('universities');
          }}
          onBlur={(row) => leave(universityField(row), row.name)}
          onAdd={() => {
            const key = nextKey.current++;
            setValues((current) => ({
              ...current,
              universities: [...current.universities, { key, name: '' }],
            }));
            forget('universities');
            focusOn(`input[data-university="${key}"]`);
          }}
          onRemove={(row) => {
            const rows = values.universities;
            const at = rows.findIndex((each) => each.key === row.key);
            const neighbour = rows[at + 1] ?? rows[at - 1];
            setValues((current) => ({
              ...current,
              universities: current.universities.filter((each) => each.key !== row.key),
            }));
            forget(universityField(row));
            forget('universities');
            if (neighbour) focusOn(`input[data-university="${neighbour.key}"]`);
          }}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <ColorField
            name="mainColor"
            label={TEXTS.installation.mainColor}
            hint={TEXTS.installation.mainColorHint}
            value={values.mainColor}
            error={errorOf('mainColor')}
            onChange={(value) => {
              change('mainColor', value);
              visit('mainColor');
            }}
            onBlur={() => visit('mainColor')}
          />
          <ColorField
            name="secondaryColor"
            label={TEXTS.installation.secondaryColor}
            hint={TEXTS.installation.secondaryColorHint}
            value={values.secondaryColor}
            error={errorOf('secondaryColor')}
            onChange={(value) => {
              change('secondaryColor', value);
              visit('secondaryColor');
            }}
            onBlur={() => visit('secondaryColor')}
          />
        </div>
        <TextField
          {...textProps('mailTo')}
          label={TEXTS.installation.mailTo}
          hint={TEXTS.installation.mailToHint}
          type="email"
          inputMode="email"
          autoComplete="email"
          isOptional
        />
      </Fieldset>

      <Button
        type="submit"
        isPending={complete.isPending}
        className="w-full sm:w-auto sm:self-start"
      >
        {TEXTS.submit}
      </Button>
    </form>
  );
}

/** What a failed send says when it is not about a field. */
function failureMessage(error: unknown, signInLink: ReactNode): ReactNode {
  if (!(error instanceof ApiError)) return TEXTS.failed;
  if (error.status === 404) {
    return (
      <>
        {TEXTS.alreadyDone} {signInLink}
      </>
    );
  }
  const reason = refusalOf(error);
  if (reason) return `${TEXTS.refused[reason]} ${TEXTS.whatToDo}`;
  if (error.status === NETWORK_ERROR_STATUS) return TEXTS.offline;
  // A 429 says how long to wait, in Spanish (api-client.ts); anything else, the generic text.
  if (error.status === 429) return error.message;
  return TEXTS.failed;
}
