import type { CatalogueImportEntries, CatalogueImportKind, ImportCounts } from '@plataforma/shared';

/**
 * What the catalogue's load from a file says (`/campus/load`, ADR 0065), in one place: a
 * language layer will take the texts from here.
 */

const es = (count: number) => count.toLocaleString('es-ES');

/** "1 fila", "1.234 filas". */
export const rowsText = (count: number) => `${es(count)} ${count === 1 ? 'fila' : 'filas'}`;

/** "a, b y c". */
function listText(parts: readonly string[]): string {
  if (parts.length <= 1) return parts[0] ?? '';
  return `${parts.slice(0, -1).join(', ')} y ${parts.at(-1)!}`;
}

const counted = (count: number, one: string, many: string) =>
  `${es(count)} ${count === 1 ? one : many}`;

/** The two loads, as the tabs name them and what each one's file is. */
export const LOAD_KINDS: readonly {
  kind: CatalogueImportKind;
  /** The URL's `que`; '' for the first. */
  param: string;
  label: string;
  intro: string;
  /** What one row of the file is. */
  row: string;
}[] = [
  {
    kind: 'catalogue',
    param: '',
    label: 'Universidades, campus y grados',
    intro:
      'Una fila por cada grado en cada campus: universidad, campus o facultad, y grado. Si un grado se imparte en varios campus, pon una fila por campus y será un solo grado en todos ellos. Una fila puede quedarse en la universidad o en el campus, para darlos de alta sin grados.',
    row: 'grado y campus',
  },
  {
    kind: 'study-areas',
    param: 'areas',
    label: 'Áreas de estudio',
    intro:
      'Una fila por cada subárea, con el área a la que pertenece. Una fila puede tener solo el área, para darla de alta sin subáreas.',
    row: 'subárea',
  },
];

export const LOAD_TEXTS = {
  title: 'Cargar el catálogo desde un archivo',
  intro:
    'Da de alta muchas universidades, campus, grados o áreas de estudio de una vez desde un archivo CSV o Excel (XLSX). Antes de guardar nada se revisa cada fila y verás qué se creará y sus problemas.',
  back: 'Volver a Facultades y Grados',
  kindsNav: 'Qué cargar',
  stepPrepare: '1. Prepara el archivo',
  stepChoose: '2. Elige el archivo y revísalo',
  columnsIntro:
    'La primera fila lleva los nombres de estas columnas: no importan las mayúsculas, las tildes ni el orden, y otras columnas se ignoran. Solo las obligatorias tienen que estar.',
  matching:
    'Lo que ya está en el catálogo se reconoce por su nombre, sin contar mayúsculas, tildes ni signos de puntuación, y no se crea otra vez: cargar el mismo archivo dos veces no repite nada. Una celda vacía no borra lo que ya había.',
  required: ' (obligatoria)',
  templates: 'Las plantillas traen todas las columnas y filas de ejemplo.',
  templateCsv: 'Descargar la plantilla CSV',
  templateXlsx: 'Descargar la plantilla Excel (XLSX)',
  review: 'Revisar archivo',
  reviewing: 'Revisando el archivo...',
  reviewFailed: (reason: string) => `No se ha podido revisar el archivo: ${reason}`,
  reviewHeading: (file: string) => `Revisión de «${file}»`,
  figureRows: 'Filas',
  figureFine: 'Sin problemas',
  figureWarned: 'Con avisos',
  figureInvalid: 'Con errores',
  rowNumbers: 'La fila es la de la hoja de cálculo (la 1 es la de los nombres de las columnas).',
  errorsHeading: (count: number) => `Errores (${es(count)})`,
  errorsIntro: 'Estas filas no se cargarán hasta que las corrijas.',
  errorsCaption: 'Errores del archivo: fila, columna y qué pasa',
  errorsRegion: 'Errores del archivo',
  noErrors: 'Ninguna fila tiene errores.',
  warningsHeading: (count: number) => `Avisos (${es(count)})`,
  warningsIntro:
    'Estas filas se cargarán tal cual, pero crean un nombre muy parecido a otro que ya está en el catálogo. Si era el mismo, corrige el nombre en el archivo y revísalo de nuevo.',
  warningsCaption: 'Avisos del archivo: fila, columna y qué nombre se parece',
  warningsRegion: 'Avisos del archivo',
  warningHeader: 'Aviso',
  rowsSummary: (count: number) => `Ver las filas que se cargarán (${rowsText(count)})`,
  rowsCaption: 'Filas que se cargarán y qué pasará con cada una',
  rowsRegion: 'Filas que se cargarán',
  labelHeader: 'Entrada',
  nothingToLoad:
    'No hay nada nuevo que cargar: todo lo que el archivo dice ya está en el catálogo o sus filas tienen errores. Corrige el archivo y revísalo de nuevo.',
  ready: 'Todo está listo para cargar.',
  partlyReady: (invalid: number) =>
    `Se cargarán las filas sin errores; ${rowsText(invalid)} con errores no. Puedes corregirlas después y cargar el archivo otra vez: lo ya cargado no se repite.`,
  load: (count: number) => `Cargar ${rowsText(count)}`,
  confirmTitle: (count: number) => `¿Cargar ${rowsText(count)}?`,
  loading: 'Cargando el archivo...',
  loadFailed: (reason: string) => `No se ha podido cargar el archivo: ${reason}`,
  resultHeading: 'Resultado de la carga',
  resultFile: (file: string) => `Archivo «${file}»`,
  notLoadedHeading: (count: number) => `Filas que no se han cargado (${rowsText(count)})`,
  notLoadedCaption: 'Filas que no se han cargado: fila, columna y por qué',
  notLoadedRegion: 'Filas que no se han cargado',
  seeCatalogue: 'Ver Facultades y Grados',
  another: 'Cargar otro archivo',
  openLoad: 'Cargar desde un archivo',
  emptyCatalogueLoad: 'Cárgalas desde un archivo, con sus campus y grados.',
};

/** The result's figures: what was created, by kind of entry. */
export function resultFigures(
  kind: CatalogueImportKind,
  entries: CatalogueImportEntries,
): { term: string; value: number }[] {
  if (kind === 'study-areas') {
    return [
      { term: 'Áreas nuevas', value: entries.studyAreas },
      { term: 'Subáreas nuevas', value: entries.studySubareas },
    ];
  }
  return [
    { term: 'Universidades nuevas', value: entries.universities },
    { term: 'Campus nuevos', value: entries.campuses },
    { term: 'Grados nuevos', value: entries.degrees },
    { term: 'Grados en otro campus', value: entries.degreesLinked },
    { term: 'Grados actualizados', value: entries.degreesUpdated },
  ];
}

const capitalized = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

/**
 * What the file creates and changes, as a clause: "se crearán 1 universidad, 3 campus y 80
 * grados; 2 grados que ya existían se impartirán también en otro campus" (before loading,
 * `future`), or what the load did (`past`); null when it is nothing.
 */
function entriesClause(entries: CatalogueImportEntries, tense: 'future' | 'past'): string | null {
  const created = [
    entries.universities > 0 ? counted(entries.universities, 'universidad', 'universidades') : '',
    entries.campuses > 0 ? counted(entries.campuses, 'campus', 'campus') : '',
    entries.degrees > 0 ? counted(entries.degrees, 'grado', 'grados') : '',
    entries.studyAreas > 0
      ? counted(entries.studyAreas, 'área de estudio', 'áreas de estudio')
      : '',
    entries.studySubareas > 0 ? counted(entries.studySubareas, 'subárea', 'subáreas') : '',
  ].filter(Boolean);
  const createdCount =
    entries.universities +
    entries.campuses +
    entries.degrees +
    entries.studyAreas +
    entries.studySubareas;
  const future = tense === 'future';
  const one = (count: number, singular: string, plural: string) =>
    count === 1 ? singular : plural;
  const parts: string[] = [];
  if (created.length > 0) {
    const verb = future
      ? one(createdCount, 'se creará', 'se crearán')
      : one(createdCount, 'se ha creado', 'se han creado');
    parts.push(`${verb} ${listText(created)}`);
  }
  if (entries.degreesLinked > 0) {
    const linked = entries.degreesLinked;
    const verb = future
      ? one(linked, 'se impartirá', 'se impartirán')
      : one(linked, 'se imparte ahora', 'se imparten ahora');
    parts.push(
      `${counted(linked, 'grado que ya existía', 'grados que ya existían')} ${verb} también en otro campus`,
    );
  }
  if (entries.degreesUpdated > 0) {
    parts.push(
      `${future ? 'cambiará' : 'ha cambiado'} la duración o el tipo de ${counted(entries.degreesUpdated, 'grado', 'grados')}`,
    );
  }
  // A semicolon between the parts: the first one lists with "y" already.
  return parts.length > 0 ? parts.join('; ') : null;
}

/** The review's sentence: "Si lo cargas, se crearán 1 universidad, 3 campus y 80 grados." */
export function reviewSentence(entries: CatalogueImportEntries): string {
  const clause = entriesClause(entries, 'future');
  return clause
    ? `Si lo cargas, ${clause}.`
    : 'No hay nada nuevo: todo lo que el archivo dice ya está en el catálogo.';
}

/** The result's sentence: "Se han creado 1 universidad, 3 campus y 80 grados." */
export function resultSentence(entries: CatalogueImportEntries): string {
  const clause = entriesClause(entries, 'past');
  return clause
    ? `${capitalized(clause)}.`
    : 'No se ha cambiado nada: todo lo que el archivo dice ya estaba en el catálogo.';
}

/** The confirmation's words: what will be written, and what will not. */
export function confirmText(
  entries: CatalogueImportEntries,
  counts: ImportCounts,
  warned: number,
): string {
  const clause = entriesClause(entries, 'future');
  const parts = clause ? [`${capitalized(clause)}.`] : [];
  if (warned > 0) {
    parts.push(
      `${rowsText(warned)} con avisos ${warned === 1 ? 'se cargará' : 'se cargarán'} tal cual.`,
    );
  }
  if (counts.invalid > 0) {
    parts.push(
      `${rowsText(counts.invalid)} con errores no ${counts.invalid === 1 ? 'se cargará' : 'se cargarán'}.`,
    );
  }
  return parts.join(' ');
}
