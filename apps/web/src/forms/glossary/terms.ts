/**
 * The glossary of spec §1: 15 social-impact terms whose Spanish definitions appear as tooltips in
 * form labels (never as a list). The spec does not name them; docs/decisions/0021-glossary-tooltips.md
 * says why these 15. `forms` are the spellings a label may use (singular/plural, acronym, long
 * form); matching ignores case and accents, so each spelling is listed once.
 */
export interface GlossaryTerm {
  /** Stable key (React key, tests). */
  id: string;
  /** How the term is named in the glossary. */
  name: string;
  /** One or two plain-language sentences. */
  definition: string;
  /** The spellings matched in labels, as whole words. */
  forms: readonly string[];
}

export const GLOSSARY_TERMS: readonly GlossaryTerm[] = [
  {
    id: 'ods',
    name: 'ODS (Objetivos de Desarrollo Sostenible)',
    definition:
      'Los 17 objetivos que aprobaron las Naciones Unidas en 2015, dentro de la Agenda 2030, para acabar con la pobreza, proteger el planeta y asegurar la prosperidad de todas las personas. Cada objetivo tiene metas concretas que deben cumplirse antes de 2030.',
    forms: [
      'ODS',
      'Objetivos de Desarrollo Sostenible',
      'Objetivo de Desarrollo Sostenible',
      'Objetivos de Desarrollo Sustentable',
    ],
  },
  {
    id: 'agenda-2030',
    name: 'Agenda 2030',
    definition:
      'El plan de acción para las personas, el planeta y la prosperidad que firmaron en 2015 los 193 Estados miembros de las Naciones Unidas. Reúne los 17 ODS y sus 169 metas.',
    forms: ['Agenda 2030', 'Agenda 2030 para el Desarrollo Sostenible'],
  },
  {
    id: 'impacto-social',
    name: 'Impacto social',
    definition:
      'El cambio que un proyecto o una organización produce en la vida de las personas y de la comunidad, más allá de sus resultados inmediatos. Se conoce comparando la situación antes y después de la intervención.',
    forms: ['impacto social', 'impactos sociales'],
  },
  {
    id: 'indicadores-de-impacto',
    name: 'Indicadores de impacto',
    definition:
      'Medidas concretas y comprobables que muestran si un proyecto consigue el cambio que busca, por ejemplo cuántas personas encuentran empleo tras una formación. Se definen al empezar y se miden antes y después de la intervención.',
    forms: ['indicadores de impacto', 'indicador de impacto'],
  },
  {
    id: 'economia-circular',
    name: 'Economía circular',
    definition:
      'Un modelo de producción y consumo que mantiene los productos y materiales en uso el mayor tiempo posible (compartiendo, reparando, reutilizando y reciclando) para generar el mínimo de residuos. Es la alternativa al modelo lineal de «usar y tirar».',
    forms: ['economía circular'],
  },
  {
    id: 'economia-social',
    name: 'Economía social',
    definition:
      'El conjunto de empresas y entidades privadas, como cooperativas, sociedades laborales, mutualidades, asociaciones y fundaciones, que anteponen las personas y el fin social al capital. Se gestionan de forma democrática y destinan sus resultados al trabajo aportado o a su fin social (Ley 5/2011 de Economía Social).',
    forms: ['economía social'],
  },
  {
    id: 'tercer-sector',
    name: 'Tercer sector',
    definition:
      'Las organizaciones privadas sin ánimo de lucro que actúan en favor del interés general, como asociaciones, fundaciones y ONG. Se llama así para distinguirlo del sector público y del sector empresarial.',
    forms: ['tercer sector', 'tercer sector de acción social'],
  },
  {
    id: 'innovacion-social',
    name: 'Innovación social',
    definition:
      'Nuevas ideas, productos, servicios o formas de organizarse que responden a una necesidad social mejor que las soluciones existentes. Además de resolver el problema, crean nuevas colaboraciones entre las personas y entidades implicadas.',
    forms: ['innovación social', 'innovaciones sociales'],
  },
  {
    id: 'emprendimiento-social',
    name: 'Emprendimiento social',
    definition:
      'Crear y dirigir una iniciativa o empresa cuyo fin principal es resolver un problema social o medioambiental, usando la actividad económica como medio. Sus beneficios se reinvierten sobre todo en esa misión.',
    forms: ['emprendimiento social', 'emprendimientos sociales'],
  },
  {
    id: 'sostenibilidad',
    name: 'Sostenibilidad',
    definition:
      'La capacidad de atender las necesidades del presente sin comprometer las de las generaciones futuras. Tiene tres dimensiones que deben equilibrarse: ambiental, social y económica.',
    forms: ['sostenibilidad', 'desarrollo sostenible'],
  },
  {
    id: 'rsc',
    name: 'Responsabilidad social corporativa (RSC)',
    definition:
      'El compromiso voluntario de una empresa de tener en cuenta los efectos sociales, ambientales y éticos de su actividad, más allá de lo que exige la ley, y de rendir cuentas de ellos a sus grupos de interés.',
    forms: [
      'responsabilidad social corporativa',
      'responsabilidad social empresarial',
      'RSC',
      'RSE',
    ],
  },
  {
    id: 'aprendizaje-servicio',
    name: 'Aprendizaje-servicio (ApS)',
    definition:
      'Una forma de aprender en la que el estudiantado aplica los contenidos de su titulación prestando un servicio real a la comunidad para atender una necesidad detectada. Une en un mismo proyecto la formación académica y el compromiso social.',
    // "aprendizaje servicio" (space) is matched too: the matcher treats spaces and hyphens alike.
    forms: ['aprendizaje-servicio', 'ApS'],
  },
  {
    id: 'voluntariado',
    name: 'Voluntariado',
    definition:
      'Las actividades de interés general que una persona realiza de forma libre, altruista y sin retribución, normalmente a través de una entidad sin ánimo de lucro (Ley 45/2015 de Voluntariado).',
    forms: ['voluntariado', 'voluntariados'],
  },
  {
    id: 'transferencia-de-conocimiento',
    name: 'Transferencia de conocimiento',
    definition:
      'El proceso por el que la universidad pone sus conocimientos, su investigación y sus capacidades al servicio de empresas, administraciones y entidades sociales, para que se apliquen y generen valor en la sociedad.',
    forms: ['transferencia de conocimiento', 'transferencia del conocimiento'],
  },
  {
    id: 'tfg-tfm',
    name: 'TFG / TFM (Trabajo de Fin de Grado o de Máster)',
    definition:
      'El trabajo final que cada estudiante elabora y defiende ante un tribunal para obtener el título de grado (TFG) o de máster (TFM), con la tutela de un profesor o profesora. Puede desarrollarse en colaboración con una organización.',
    forms: [
      'TFG',
      'TFM',
      'TFGs',
      'TFMs',
      'trabajo de fin de grado',
      'trabajo fin de grado',
      'trabajos de fin de grado',
      'trabajos fin de grado',
      'trabajo de fin de máster',
      'trabajo fin de máster',
      'trabajos de fin de máster',
      'trabajos fin de máster',
    ],
  },
];
