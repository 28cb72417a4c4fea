/**
 * Option lists of the profile, organisation and project forms (spec §3 and §9). The spec names the
 * lists but not most of their contents: everything not quoted from it is a choice of this project.
 * None of the lists holds "Otra": forms always append it themselves (spec §4 Other option).
 */

/** Appended by the forms to university, campus, degree and province choices (spec §3, §4). */
export const OTHER_OPTION = 'Otra';

/** How a user or organisation found the platform (spec §9 How-you-found-us options). */
export const REACHED_US_HOW_OPTIONS = [
  'Universidad',
  'Instagram',
  'Linkedin',
  'Tik tok',
  'Un amigo o compañero',
  'Una charla en mi universidad',
  'Publicidad',
  'InfoJobs',
] as const;
export type ReachedUsHow = (typeof REACHED_US_HOW_OPTIONS)[number];

/**
 * Interest-theme groups with their sub-tags (spec §9 "Interest-theme groups ... each with sub-tags
 * (sub-tags not shown)"). A sub-tag belongs to one group only.
 */
export const INTEREST_THEMES = [
  {
    key: 'technology',
    name: 'Nuevas tecnologías y comunicación',
    tags: [
      'Inteligencia artificial',
      'Brecha digital',
      'Desarrollo de apps y webs',
      'Redes sociales',
      'Ciberseguridad',
      'Datos abiertos',
      'Comunicación digital',
    ],
  },
  {
    key: 'environment',
    name: 'Medio ambiente',
    tags: [
      'Cambio climático',
      'Economía circular',
      'Energías renovables',
      'Biodiversidad',
      'Movilidad sostenible',
      'Agricultura ecológica',
      'Gestión del agua',
    ],
  },
  {
    key: 'health',
    name: 'Salud',
    tags: [
      'Promoción de la salud',
      'Enfermedades raras',
      'Envejecimiento activo',
      'Nutrición',
      'Deporte y actividad física',
      'Salud comunitaria',
    ],
  },
  {
    key: 'mentalHealth',
    name: 'Salud mental',
    tags: [
      'Bienestar emocional',
      'Prevención del suicidio',
      'Adicciones',
      'Acoso escolar',
      'Soledad no deseada',
      'Estigma en salud mental',
    ],
  },
  {
    key: 'socialImpact',
    name: 'Impacto social',
    tags: [
      'Pobreza y exclusión',
      'Igualdad de género',
      'Migración y refugio',
      'Diversidad LGTBI+',
      'Discapacidad',
      'Voluntariado',
      'Desarrollo rural',
    ],
  },
  {
    key: 'educationalNeeds',
    name: 'Necesidades educativas',
    tags: [
      'Educación inclusiva',
      'Altas capacidades',
      'Dificultades de aprendizaje',
      'Abandono escolar',
      'Alfabetización digital',
      'Educación en valores',
    ],
  },
  {
    key: 'art',
    name: 'Arte',
    tags: [
      'Artes plásticas',
      'Fotografía',
      'Patrimonio cultural',
      'Artes escénicas',
      'Diseño',
      'Arte urbano',
    ],
  },
  {
    key: 'music',
    name: 'Música',
    tags: [
      'Musicoterapia',
      'Educación musical',
      'Producción musical',
      'Música y comunidad',
      'Gestión cultural y festivales',
    ],
  },
  {
    key: 'entrepreneurship',
    name: 'Emprendimiento',
    tags: [
      'Emprendimiento social',
      'Startups',
      'Economía social y cooperativas',
      'Innovación abierta',
      'Financiación de proyectos',
      'Comercio justo',
    ],
  },
] as const satisfies readonly { key: string; name: string; tags: readonly string[] }[];

export type InterestTheme = (typeof INTEREST_THEMES)[number];
export type InterestThemeKey = InterestTheme['key'];
export type InterestTag = InterestTheme['tags'][number];

/** The "no preference" student tag (spec §3 "Student tags come from a list plus Indiferente"). */
export const INDIFFERENT_TAG = 'Indiferente';

/**
 * Tags a student picks in the profile (spec §3 Student.tags): every interest sub-tag, then
 * "Indiferente". Projects are tagged from the same interest sub-tags so the two can be matched.
 */
export const STUDENT_TAGS: readonly (InterestTag | typeof INDIFFERENT_TAG)[] = [
  ...INTEREST_THEMES.flatMap((theme) => theme.tags),
  INDIFFERENT_TAG,
];
export type StudentTag = InterestTag | typeof INDIFFERENT_TAG;

/** What a project or resource is for (spec §9 "a flat list of about 65 purpose tags"). */
export const PURPOSE_TAGS = [
  'Reducir la brecha digital',
  'Fomentar la inclusión social',
  'Promover la igualdad de género',
  'Combatir la soledad no deseada',
  'Mejorar la salud mental',
  'Prevenir el abandono escolar',
  'Facilitar el acceso a la vivienda',
  'Luchar contra el cambio climático',
  'Reducir residuos y plásticos',
  'Impulsar la economía circular',
  'Promover las energías renovables',
  'Proteger la biodiversidad',
  'Mejorar la movilidad sostenible',
  'Garantizar el acceso al agua',
  'Reducir el desperdicio alimentario',
  'Apoyar a personas migrantes y refugiadas',
  'Mejorar la empleabilidad juvenil',
  'Impulsar el emprendimiento social',
  'Apoyar al pequeño comercio local',
  'Revitalizar el medio rural',
  'Luchar contra la despoblación',
  'Promover el envejecimiento activo',
  'Acompañar a personas mayores',
  'Mejorar la accesibilidad universal',
  'Apoyar a personas con discapacidad',
  'Fomentar la educación inclusiva',
  'Promover hábitos de vida saludables',
  'Prevenir adicciones',
  'Prevenir el acoso escolar',
  'Prevenir la violencia de género',
  'Promover la diversidad LGTBI+',
  'Difundir el patrimonio cultural',
  'Acercar el arte a la comunidad',
  'Fomentar la educación musical',
  'Impulsar la participación ciudadana',
  'Mejorar la transparencia institucional',
  'Fomentar el voluntariado',
  'Fortalecer el tercer sector',
  'Digitalizar entidades sociales',
  'Medir el impacto social',
  'Mejorar la comunicación de las ONG',
  'Captar fondos para causas sociales',
  'Promover el comercio justo',
  'Fomentar el consumo responsable',
  'Mejorar la eficiencia energética',
  'Reducir la pobreza energética',
  'Apoyar la agricultura ecológica',
  'Promover la alimentación saludable',
  'Combatir la desinformación',
  'Fomentar la alfabetización mediática',
  'Impulsar la ciencia ciudadana',
  'Acercar la ciencia a la sociedad',
  'Fomentar vocaciones STEM en niñas',
  'Apoyar a familias vulnerables',
  'Mejorar la atención a la infancia',
  'Acompañar a jóvenes extutelados',
  'Reinsertar a personas privadas de libertad',
  'Apoyar a personas sin hogar',
  'Promover la cooperación internacional',
  'Mejorar la salud comunitaria',
  'Apoyar a pacientes con enfermedades raras',
  'Cuidar a las personas cuidadoras',
  'Promover el deporte inclusivo',
  'Crear espacios urbanos verdes',
  'Favorecer la conciliación familiar',
] as const;
export type PurposeTag = (typeof PURPOSE_TAGS)[number];

/** Legal form of an organisation (spec §3 Organization.type). */
export const ORGANIZATION_TYPES = [
  'ONG',
  'Fundación',
  'Asociación',
  'Cooperativa',
  'Empresa social',
  'Empresa privada',
  'Startup',
  'Administración pública',
  'Centro de investigación',
] as const;
export type OrganizationType = (typeof ORGANIZATION_TYPES)[number];

/** Field of activity of an organisation (spec §3 Organization.sector; also TFX.sector). */
export const ORGANIZATION_SECTORS = [
  'Acción social',
  'Educación',
  'Salud',
  'Medio ambiente',
  'Tecnología',
  'Cultura',
  'Cooperación internacional',
  'Alimentación y agricultura',
  'Energía',
  'Vivienda y urbanismo',
  'Economía social',
  'Deporte',
  'Comunicación',
  'Turismo sostenible',
  'Movilidad',
  'Consultoría',
] as const;
export type OrganizationSector = (typeof ORGANIZATION_SECTORS)[number];

/** Headcount bands of an organisation (spec §3 Organization.size), as in the EU SME definition. */
export const ORGANIZATION_SIZES = [
  '1-9 personas',
  '10-49 personas',
  '50-249 personas',
  '250 personas o más',
] as const;
export type OrganizationSize = (typeof ORGANIZATION_SIZES)[number];

/** Working language of a project or language of a final work (spec §3 Project.language). */
export const PROJECT_LANGUAGES = [
  'Español',
  'Inglés',
  'Valenciano',
  'Catalán',
  'Gallego',
  'Euskera',
  'Francés',
  'Alemán',
  'Italiano',
  'Portugués',
] as const;
export type ProjectLanguage = (typeof PROJECT_LANGUAGES)[number];
