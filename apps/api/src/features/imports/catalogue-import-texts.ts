import { CATALOGUE_MESSAGES, DEGREE_DURATION_MAX, DEGREE_DURATION_MIN } from '@plataforma/shared';

/**
 * What the catalogue's imports say about a row (ADR 0065), in Spanish, in one place: a language
 * layer will take them from here.
 */
export const CATALOGUE_IMPORT_TEXTS = {
  /** What a row of each file is, for the message about a file without rows. */
  itemCatalogue: 'una universidad',
  itemStudyAreas: 'un área de estudio',

  missingUniversity: 'Falta la universidad.',
  missingArea: 'Falta el área de estudio.',
  controlCharacters: 'No puede tener saltos de línea ni caracteres de control.',
  tooLong: (length: number, max: number) => `Tiene ${length} caracteres y el máximo es ${max}.`,
  degreeWithoutCampus: (degree: string) =>
    `Falta el campus o facultad donde se imparte «${degree}».`,
  needsDegree: 'Solo se aplica a un grado: indica también el grado.',
  durationNotNumber: (text: string) =>
    `«${text}» no es una duración: escribe los años con un número, de ${DEGREE_DURATION_MIN} a ${DEGREE_DURATION_MAX}.`,
  durationRange: CATALOGUE_MESSAGES.duration,
  typeUnknown: (text: string) => `«${text}» no es un tipo de estudios: escribe «grado» o «máster».`,

  repeatsRow: (first: number) => `Esta fila repite la fila ${first}.`,
  otherDuration: (first: number, degree: string, years: number) =>
    `La fila ${first} da a «${degree}» ${years} ${years === 1 ? 'año' : 'años'}: un grado dura lo mismo en todos sus campus.`,
  otherType: (first: number, degree: string, master: boolean) =>
    `La fila ${first} dice que «${degree}» es ${master ? 'un máster' : 'un grado'}: un grado es del mismo tipo en todos sus campus.`,

  /** Near-miss names: valid, so warnings; the entry is created unless the file is corrected. */
  newUniversity: (name: string, suggestion: string) =>
    `«${name}» no está entre las universidades de la plataforma: se creará como nueva. ¿Querías decir «${suggestion}»?`,
  newCampus: (name: string, university: string, suggestion: string) =>
    `«${name}» no es un campus de «${university}»: se creará como nuevo. ¿Querías decir «${suggestion}»?`,
  newDegree: (name: string, university: string, suggestion: string) =>
    `«${name}» no es un grado de «${university}»: se creará como nuevo. ¿Querías decir «${suggestion}»?`,
  newArea: (name: string, suggestion: string) =>
    `«${name}» no está entre las áreas de estudio de la plataforma: se creará como nueva. ¿Querías decir «${suggestion}»?`,
  newSubarea: (name: string, area: string, suggestion: string) =>
    `«${name}» no es una subárea de «${area}»: se creará como nueva. ¿Querías decir «${suggestion}»?`,
} as const;
