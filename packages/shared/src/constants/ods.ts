/**
 * The 17 Sustainable Development Goals (ODS, "Objetivos de Desarrollo Sostenible") a project
 * declares (spec §3 Project.ods, stored as the numbers 1 to 17). Names are the official Spanish
 * short titles of the United Nations; colours are the official ones of the UN SDG icon guidelines.
 */
export const ODS = [
  { number: 1, name: 'Fin de la pobreza', color: '#E5243B' },
  { number: 2, name: 'Hambre cero', color: '#DDA63A' },
  { number: 3, name: 'Salud y bienestar', color: '#4C9F38' },
  { number: 4, name: 'Educación de calidad', color: '#C5192D' },
  { number: 5, name: 'Igualdad de género', color: '#FF3A21' },
  { number: 6, name: 'Agua limpia y saneamiento', color: '#26BDE2' },
  { number: 7, name: 'Energía asequible y no contaminante', color: '#FCC30B' },
  { number: 8, name: 'Trabajo decente y crecimiento económico', color: '#A21942' },
  { number: 9, name: 'Industria, innovación e infraestructura', color: '#FD6925' },
  { number: 10, name: 'Reducción de las desigualdades', color: '#DD1367' },
  { number: 11, name: 'Ciudades y comunidades sostenibles', color: '#FD9D24' },
  { number: 12, name: 'Producción y consumo responsables', color: '#BF8B2E' },
  { number: 13, name: 'Acción por el clima', color: '#3F7E44' },
  { number: 14, name: 'Vida submarina', color: '#0A97D9' },
  { number: 15, name: 'Vida de ecosistemas terrestres', color: '#56C02B' },
  { number: 16, name: 'Paz, justicia e instituciones sólidas', color: '#00689D' },
  { number: 17, name: 'Alianzas para lograr los objetivos', color: '#19486A' },
] as const satisfies readonly { number: number; name: string; color: `#${string}` }[];

export type Ods = (typeof ODS)[number];
export type OdsNumber = Ods['number'];

/** Lowest and highest ODS number (the projects_ods_range CHECK holds the same bounds). */
export const ODS_MIN = 1;
export const ODS_MAX = 17;
