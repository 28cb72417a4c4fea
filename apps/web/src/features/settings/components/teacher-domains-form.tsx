import { Description, Field, Label, Textarea } from '@headlessui/react';
import { MAX_TEACHER_DOMAINS, parseTeacherDomains } from '@plataforma/shared';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/alert';
import { showToast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';

const quoted = (values: string[]) => values.map((value) => `«${value}»`).join(', ');

/**
 * The university's teacher domains (ADR 0051), one per line: what is not a domain is named at
 * the field before anything is sent; what is saved comes back as the API stores it (lower case,
 * each once), so the field shows the list as it is.
 */
export function TeacherDomainsForm({
  domains,
  onSave,
}: {
  domains: readonly string[];
  onSave: (domains: string[]) => Promise<string[]>;
}) {
  const [text, setText] = useState(domains.join('\n'));
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const parsed = parseTeacherDomains(text);
    if (parsed.invalid.length > 0) {
      setFieldError(
        `${parsed.invalid.length === 1 ? 'No es un dominio' : 'No son dominios'}: ${quoted(parsed.invalid)}. Escribe solo lo que va tras la arroba, como um.es.`,
      );
      return;
    }
    if (parsed.domains.length > MAX_TEACHER_DOMAINS) {
      setFieldError(`Puedes indicar como mucho ${MAX_TEACHER_DOMAINS} dominios.`);
      return;
    }
    setFieldError(undefined);
    setSaving(true);
    try {
      const saved = await onSave(parsed.domains);
      setText(saved.join('\n'));
      showToast(
        saved.length === 0
          ? 'Dominios guardados: ningún registro se verifica por su correo.'
          : 'Dominios del profesorado guardados.',
      );
    } catch (error) {
      setFailure(
        error instanceof ApiError && error.isClientError
          ? error.message
          : 'No se han podido guardar los dominios. Inténtalo de nuevo en unos minutos.',
      );
    } finally {
      setSaving(false);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      <Field className="flex max-w-xl flex-col gap-1.5">
        <Label className="text-sm font-semibold text-slate-900">
          Dominios de correo del profesorado
        </Label>
        <Description className="text-sm text-slate-600">
          Uno por línea, solo lo que va tras la arroba (por ejemplo, um.es). Cuenta el dominio
          exacto: alu.um.es es otro dominio.
        </Description>
        <Textarea
          name="domains"
          rows={6}
          value={text}
          spellCheck={false}
          autoCapitalize="none"
          onChange={(event) => setText(event.target.value)}
          invalid={fieldError !== undefined}
          className={cn(
            'block w-full rounded-lg border bg-white px-3 py-2 font-mono text-base text-slate-900',
            fieldError ? 'border-red-700' : 'border-slate-400',
          )}
        />
        {fieldError ? (
          <Description className="text-sm font-medium text-red-700">{fieldError}</Description>
        ) : null}
      </Field>
      <div>
        <Button type="submit" isPending={isSaving}>
          Guardar dominios
        </Button>
      </div>
    </form>
  );
}
