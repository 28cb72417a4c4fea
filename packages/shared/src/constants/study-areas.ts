/**
 * Knowledge areas of students, teachers and projects (spec §9 "Study areas (10)", spec §3 Study
 * area / Study subarea). Area names are exactly those of the spec; the subareas are not listed
 * there and are a choice of this project. Projects store both as names (spec §3 Project.study_areas,
 * study_subareas).
 */
export const STUDY_AREAS = [
  {
    name: 'Humanidades',
    subareas: [
      'Historia',
      'Filosofía',
      'Filología y Lingüística',
      'Traducción e Interpretación',
      'Geografía',
      'Historia del Arte',
      'Arqueología',
    ],
  },
  {
    name: 'Ciencias puras',
    subareas: ['Matemáticas', 'Física', 'Química', 'Biología', 'Geología', 'Ciencias Ambientales'],
  },
  {
    name: 'Ciencias de la Salud',
    subareas: [
      'Medicina',
      'Enfermería',
      'Psicología',
      'Fisioterapia',
      'Nutrición y Dietética',
      'Farmacia',
      'Logopedia',
      'Terapia Ocupacional',
    ],
  },
  {
    name: 'Desarrollo Software DATA e IA',
    subareas: [
      'Desarrollo web y móvil',
      'Ciencia de datos',
      'Inteligencia artificial',
      'Ciberseguridad',
      'Sistemas y redes',
      'Diseño de experiencia de usuario (UX)',
    ],
  },
  {
    name: 'Ingeniería y Arquitectura',
    subareas: [
      'Arquitectura',
      'Ingeniería Civil',
      'Ingeniería Industrial',
      'Ingeniería de Telecomunicación',
      'Ingeniería Agronómica',
      'Ingeniería de la Energía',
      'Urbanismo',
    ],
  },
  {
    name: 'Ciencias Sociales y Jurídicas',
    subareas: [
      'Derecho',
      'Trabajo Social',
      'Sociología',
      'Ciencias Políticas',
      'Relaciones Internacionales',
      'Criminología',
      'Antropología',
    ],
  },
  {
    name: 'Economía y ADE Turismo',
    subareas: [
      'Economía',
      'Administración y Dirección de Empresas',
      'Finanzas y Contabilidad',
      'Turismo',
      'Emprendimiento',
      'Recursos Humanos',
    ],
  },
  {
    name: 'Marketing y Comunicación',
    subareas: [
      'Marketing',
      'Periodismo',
      'Publicidad y Relaciones Públicas',
      'Comunicación Audiovisual',
      'Comunicación digital y redes sociales',
    ],
  },
  {
    name: 'Educación y Magisterio',
    subareas: [
      'Educación Infantil',
      'Educación Primaria',
      'Educación Social',
      'Pedagogía',
      'Ciencias de la Actividad Física y del Deporte',
      'Educación especial e inclusiva',
    ],
  },
  {
    name: 'Arte y Diseño',
    subareas: [
      'Bellas Artes',
      'Diseño gráfico',
      'Diseño de producto',
      'Diseño de moda',
      'Música',
      'Artes escénicas',
      'Animación y videojuegos',
    ],
  },
] as const satisfies readonly { name: string; subareas: readonly string[] }[];

export type StudyArea = (typeof STUDY_AREAS)[number];
export type StudyAreaName = StudyArea['name'];
export type StudySubareaName = StudyArea['subareas'][number];

/** The ten area names in spec order. */
export const STUDY_AREA_NAMES: readonly StudyAreaName[] = STUDY_AREAS.map((a) => a.name);
