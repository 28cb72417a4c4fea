import { Description, Field, Input, Label } from '@headlessui/react';
import { useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { cn } from '../../lib/cn';

interface PasswordFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'className'
> {
  label: string;
  hint?: ReactNode;
  error?: string | undefined;
  className?: string;
}

/**
 * A password input with a "Mostrar" button that reveals what was typed, so people can check a
 * long password before sending it. Label, hint and error are tied to the input by Headless UI's
 * Field, as in the other text fields.
 */
export function PasswordField({ label, hint, error, className, ...props }: PasswordFieldProps) {
  const [isVisible, setIsVisible] = useState(false);
  return (
    <Field className={cn('flex flex-col gap-1.5', className)}>
      <Label className="text-sm font-semibold text-slate-900">{label}</Label>
      <div className="relative">
        <Input
          {...props}
          type={isVisible ? 'text' : 'password'}
          invalid={error !== undefined}
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          className="block w-full rounded-lg border border-slate-400 bg-white py-2 pr-24 pl-3 text-base text-slate-900 placeholder:text-slate-500 data-[disabled]:bg-slate-100 data-[invalid]:border-red-700"
        />
        <button
          type="button"
          onClick={() => setIsVisible((visible) => !visible)}
          className="absolute inset-y-1 right-1 rounded-md px-3 text-sm font-semibold text-slate-800 hover:bg-slate-100"
        >
          {isVisible ? 'Ocultar' : 'Mostrar'}
          <span className="sr-only"> contraseña</span>
        </button>
      </div>
      {hint ? <Description className="text-sm text-slate-600">{hint}</Description> : null}
      {error ? (
        <Description className="text-sm font-medium text-red-700">{error}</Description>
      ) : null}
    </Field>
  );
}
