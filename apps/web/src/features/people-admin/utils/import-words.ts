import type { PeopleImportKind, PeopleImportMode } from '@plataforma/shared';

/** What the load from a file of each kind calls things (ADR 0048, ADR 0050). */
export interface ImportWords {
  /** "estudiantes": what the file loads. */
  plural: string;
  /** "estudiante". */
  one: string;
  /** The header of a row's name in the tables: the API labels a person by email. */
  labelHeader: string;
  /** The legend of the choice for rows already registered, and what "registered" means. */
  registered: string;
  /** Who gets an invitation to choose a password, said before loading. */
  invitations: string;
}

export const IMPORT_WORDS: Record<PeopleImportKind, ImportWords> = {
  students: {
    plural: 'estudiantes',
    one: 'estudiante',
    labelHeader: 'Correo',
    registered: 'Si un estudiante del archivo ya está registrado (el mismo correo)',
    invitations:
      'Cada estudiante nuevo recibirá un correo con un enlace para elegir su contraseña (vale 14 días).',
  },
  teachers: {
    plural: 'profesores',
    one: 'profesor',
    labelHeader: 'Correo',
    registered: 'Si un profesor del archivo ya está registrado (el mismo correo)',
    invitations:
      'Cada profesor nuevo recibirá un correo con un enlace para elegir su contraseña (vale 14 días).',
  },
  organizations: {
    plural: 'organizaciones',
    one: 'organización',
    labelHeader: 'Organización',
    registered:
      'Si una organización del archivo ya está en la plataforma (el mismo nombre, sin contar mayúsculas ni tildes)',
    invitations:
      'Quien coordine una organización nueva y no tenga cuenta recibirá un correo con un enlace para elegir su contraseña (vale 14 días).',
  },
};

/** The three choices for registered rows (`mode`, ADR 0048), in the order offered. */
export const MODE_OPTIONS: readonly {
  value: PeopleImportMode;
  label: string;
  description: string;
}[] = [
  {
    value: 'create',
    label: 'Solo crear los nuevos: su fila sale como error',
    description: 'Lo registrado no se toca. Sirve para comprobar que el archivo no repite a nadie.',
  },
  {
    value: 'update',
    label: 'Actualizar lo registrado con los datos del archivo',
    description:
      'Se escriben las celdas que tienen algo; una celda vacía no borra lo que ya había.',
  },
  {
    value: 'skip',
    label: 'Saltar su fila: lo registrado se queda como está',
    description: 'No cuenta como error. Sirve para cargar de nuevo un archivo corregido.',
  },
];

/** "1 fila", "1.234 filas". */
export function rowsText(count: number): string {
  return `${count.toLocaleString('es-ES')} ${count === 1 ? 'fila' : 'filas'}`;
}

/** "1 estudiante", "3 estudiantes". */
export function countText(count: number, words: Pick<ImportWords, 'one' | 'plural'>): string {
  return `${count.toLocaleString('es-ES')} ${count === 1 ? words.one : words.plural}`;
}
