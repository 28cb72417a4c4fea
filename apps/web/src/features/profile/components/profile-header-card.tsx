import type { ProfileType } from '@plataforma/shared';
import { useRef, useState, type ChangeEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/alert';
import { showToast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { resolveMediaUrl } from '../../../lib/media-url';
import { useChangePicture } from '../api/upload-picture';
import type { ProfileUser } from '../types';
import {
  checkPictureFile,
  PICTURE_ACCEPT,
  PICTURE_NOT_ALLOWED_MESSAGE,
} from '../utils/picture-file';

/** How each profile type is named on the page. */
const ROLE_LABELS: Record<ProfileType, string> = {
  student: 'Estudiante',
  teacher: 'Profesor/a',
  coordinator: 'Coordinador/a de organización',
  admin: 'Administrador/a',
};

export const PICTURE_CHANGED_MESSAGE = 'Tu foto de perfil se ha actualizado.';

/** The full name, or the email when the person has not given one yet. */
export function displayName(user: Pick<ProfileUser, 'name' | 'surname' | 'email'>): string {
  const name = [user.name, user.surname].filter((part) => part && part.trim() !== '').join(' ');
  return name || user.email;
}

function initialsOf(text: string): string {
  return text
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join('');
}

/** The API detects the type from the content: a renamed file is refused with its allowed list. */
function isRefusedType(error: unknown): boolean {
  return error instanceof ApiError && error.status === 400 && 'allowedTypes' in error.details;
}

interface ProfileHeaderCardProps {
  user: ProfileUser;
  /** The university or organisation the person belongs to, when known. */
  affiliation?: string | null;
}

/**
 * The top of /profile: picture (with "Cambiar foto": `POST /api/upload`, then
 * `PUT /api/user/me {picture}`), name as the page heading, email and role.
 */
export function ProfileHeaderCard({ user, affiliation }: ProfileHeaderCardProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [fileError, setFileError] = useState<string>();
  const change = useChangePicture();
  const name = displayName(user);
  const pictureUrl = resolveMediaUrl(user.picture?.url);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file may be chosen again after an error.
    event.target.value = '';
    if (!file) return;
    change.reset();
    const problem = checkPictureFile(file);
    setFileError(problem);
    if (!problem) change.mutate(file, { onSuccess: () => showToast(PICTURE_CHANGED_MESSAGE) });
  };

  return (
    <section
      aria-labelledby="perfil-nombre"
      className="flex flex-col gap-5 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-7"
    >
      <div className="flex flex-col gap-5 sm:flex-row sm:items-center">
        <div className="flex flex-col items-center gap-3 sm:items-start">
          {pictureUrl ? (
            <img
              src={pictureUrl}
              alt="Tu foto de perfil"
              className="size-24 rounded-full object-cover ring-4 ring-main/15"
            />
          ) : (
            <span
              aria-hidden="true"
              className="grid size-24 place-items-center rounded-full bg-main text-3xl font-bold text-on-main ring-4 ring-main/15"
            >
              {initialsOf(name)}
            </span>
          )}
        </div>
        <div className="flex min-w-0 flex-1 flex-col items-center gap-2 text-center sm:items-start sm:text-left">
          <h1
            id="perfil-nombre"
            className="max-w-full text-2xl font-bold tracking-tight break-words text-slate-900 sm:text-3xl"
          >
            <span className="sr-only">Perfil de </span>
            {name}
          </h1>
          <p className="max-w-full text-base break-words text-slate-700">{user.email}</p>
          <div className="flex flex-wrap justify-center gap-2 sm:justify-start">
            {user.profileType ? (
              <span className="rounded-full bg-main/10 px-3 py-1 text-sm font-semibold text-slate-900">
                {ROLE_LABELS[user.profileType]}
              </span>
            ) : null}
            {affiliation ? (
              <span className="rounded-full bg-slate-100 px-3 py-1 text-sm font-medium text-slate-800">
                {affiliation}
              </span>
            ) : null}
          </div>
        </div>
        <div className="flex flex-col items-center gap-2 sm:items-end">
          <input
            ref={inputRef}
            type="file"
            accept={PICTURE_ACCEPT}
            onChange={choose}
            hidden
            data-testid="picture-input"
          />
          <Button
            variant="secondary"
            isPending={change.isPending}
            onClick={() => inputRef.current?.click()}
            aria-describedby="perfil-foto-ayuda"
          >
            {change.isPending ? 'Subiendo foto...' : 'Cambiar foto'}
          </Button>
          <p id="perfil-foto-ayuda" className="text-xs text-slate-600">
            PNG, JPG, WEBP, AVIF o SVG de menos de 15MB
          </p>
        </div>
      </div>
      {fileError ? <Alert tone="error">{fileError}</Alert> : null}
      {change.isError ? (
        <Alert tone="error">
          {isRefusedType(change.error)
            ? PICTURE_NOT_ALLOWED_MESSAGE
            : 'No se ha podido cambiar tu foto. Inténtalo de nuevo en unos minutos.'}
        </Alert>
      ) : null}
    </section>
  );
}
