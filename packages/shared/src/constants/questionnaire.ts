/**
 * Structure of the competence questionnaire (spec §9 Competence questionnaire): a 7-point scale
 * and five sections with their item counts. The item texts are not part of these constants.
 */
export const COMPETENCE_SCALE = {
  min: 0,
  max: 6,
  points: 7,
  minLabel: 'Totalmente en desacuerdo',
  maxLabel: 'Totalmente de acuerdo',
} as const;

/** The five sections in questionnaire order; `key` names a section in stored scores. */
export const COMPETENCE_SECTIONS = [
  { key: 'flexibility', name: 'Flexibilidad', items: 4 },
  { key: 'initiative', name: 'Iniciativa', items: 5 },
  { key: 'teamwork', name: 'Trabajo en equipo', items: 7 },
  { key: 'communication', name: 'Comunicación', items: 4 },
  { key: 'growthMindset', name: 'Pensamiento de crecimiento', items: 6 },
] as const;
export type CompetenceSection = (typeof COMPETENCE_SECTIONS)[number];
export type CompetenceSectionKey = CompetenceSection['key'];

/** Score per section, e.g. the mean answer on the 0 to 6 scale (Student.competences). */
export type CompetenceScores = Partial<Record<CompetenceSectionKey, number>>;

/** Scored items over all sections (26). */
export const COMPETENCE_ITEM_COUNT = COMPETENCE_SECTIONS.reduce((sum, s) => sum + s.items, 0);

/** The group of the honesty items: not a competence, never scored (spec §9). */
export const HONESTY_GROUP = { key: 'honesty', name: 'Para terminar' } as const;

/**
 * How an answer counts (spec §3 Questionnaire item `impact`): `positive` as given, `negative`
 * reversed (`6 − answer`), `none` never scored (the honesty items).
 */
export const COMPETENCE_IMPACTS = ['positive', 'negative', 'none'] as const;
export type CompetenceImpact = (typeof COMPETENCE_IMPACTS)[number];

/** One statement answered on COMPETENCE_SCALE, in the fields of spec §3 Questionnaire item. */
export interface CompetenceItem {
  /** The form engine's field type: a 0 to 6 radio scale. */
  type: 'competence';
  /** Stable key of the answer, e.g. `flexibility.1`; never reused for another statement. */
  value: string;
  /** First-person statement in Spanish. */
  label: string;
  /** The section it measures, or `honesty` for the unscored consistency items. */
  goal: CompetenceSectionKey | typeof HONESTY_GROUP.key;
  impact: CompetenceImpact;
  /** May be left unanswered (the last five items of the questionnaire). */
  optional: boolean;
}

type ItemRow = readonly [label: string, impact?: 'negative'];

const SCORED_TEXTS: Record<CompetenceSectionKey, readonly ItemRow[]> = {
  flexibility: [
    ['Me adapto con facilidad cuando cambian los planes de un trabajo.'],
    ['Cuando algo no funciona, busco otra forma de hacerlo.'],
    ['Me incomoda mucho tener que cambiar mi manera habitual de trabajar.', 'negative'],
    ['Escucho otros puntos de vista y cambio de opinión si me convencen.'],
  ],
  initiative: [
    ['Propongo ideas nuevas sin esperar a que me las pidan.'],
    ['Cuando veo un problema, empiezo a buscar una solución por mi cuenta.'],
    ['Me ofrezco para tareas que nadie ha asignado todavía.'],
    ['Prefiero esperar instrucciones antes de empezar cualquier tarea.', 'negative'],
    ['Me marco objetivos propios además de los que me piden.'],
  ],
  teamwork: [
    ['Comparto la información que tengo con las personas de mi equipo.'],
    ['Ayudo a otras personas del equipo cuando tienen dificultades con su parte.'],
    ['Prefiero trabajar por mi cuenta aunque la tarea sea de grupo.', 'negative'],
    ['Cumplo los compromisos que acuerdo con mi equipo.'],
    ['Tengo en cuenta las opiniones de los demás antes de decidir.'],
    ['Me cuesta aceptar las decisiones del grupo cuando no coinciden con la mía.', 'negative'],
    ['Reconozco en público el trabajo de las demás personas del equipo.'],
  ],
  communication: [
    ['Explico mis ideas de forma clara y ordenada.'],
    ['Escucho con atención sin interrumpir a quien habla.'],
    ['Adapto mi forma de hablar a la persona que tengo delante.'],
    ['Me cuesta expresar mi opinión cuando hablo en grupo.', 'negative'],
  ],
  growthMindset: [
    ['Creo que puedo mejorar mis capacidades con esfuerzo y práctica.'],
    ['Si algo me sale mal al principio, pienso que no sirvo para ello.', 'negative'],
    ['Veo los errores como una oportunidad para aprender.'],
    ['Pido opiniones sobre mi trabajo para poder mejorarlo.'],
    ['Evito los retos en los que podría fracasar.', 'negative'],
    ['Me inspira el éxito de otras personas.'],
  ],
};

/** Statements nobody can honestly agree with fully: agreeing hints at socially desirable answers. */
const HONESTY_TEXTS: readonly string[] = [
  'Nunca he dicho una mentira.',
  'Nunca he herido los sentimientos de nadie.',
  'Nunca he criticado a nadie.',
  'Nunca he perdido el tiempo.',
];

/** How many items at the end of the questionnaire may be left unanswered (spec §9). */
export const COMPETENCE_OPTIONAL_TAIL = 5;

const ORDERED: Omit<CompetenceItem, 'optional'>[] = [
  ...COMPETENCE_SECTIONS.flatMap((section) =>
    SCORED_TEXTS[section.key].map(([label, impact], index): Omit<CompetenceItem, 'optional'> => ({
      type: 'competence',
      value: `${section.key}.${index + 1}`,
      label,
      goal: section.key,
      impact: impact ?? 'positive',
    })),
  ),
  ...HONESTY_TEXTS.map((label, index): Omit<CompetenceItem, 'optional'> => ({
    type: 'competence',
    value: `${HONESTY_GROUP.key}.${index + 1}`,
    label,
    goal: HONESTY_GROUP.key,
    impact: 'none',
  })),
];

/**
 * Every item in questionnaire order: the five sections in order, then the four honesty items
 * (ADR 0018). The last COMPETENCE_OPTIONAL_TAIL items are optional.
 */
export const COMPETENCE_ITEMS: readonly CompetenceItem[] = ORDERED.map((item, index) => ({
  ...item,
  optional: index >= ORDERED.length - COMPETENCE_OPTIONAL_TAIL,
}));

/** Unscored items: a consistency signal kept apart from the scores (spec §9). */
export const HONESTY_ITEMS = COMPETENCE_ITEMS.filter((item) => item.goal === HONESTY_GROUP.key);

/**
 * An honesty item answered at or above this value counts as agreement with an implausible
 * statement ("De acuerdo" or "Totalmente de acuerdo").
 */
export const HONESTY_AGREEMENT_MIN = 5;
