/**
 * The 52 Spanish provinces with their INE codes and five municipalities each, capital first
 * (spec §9: "Spanish province list: 52 entries, each with 5 cities").
 *
 * Naming rule, applied to provinces and towns alike: the official name as the INE lists it, in
 * natural order ("A Coruña", not "Coruña, A"); where the official name is bilingual
 * ("Alicante/Alacant", "Araba/Álava", "Donostia/San Sebastián") the Spanish form is used.
 *
 * Ceuta and Melilla are single-municipality autonomous cities: their "towns" are the city itself
 * followed by four of its neighbourhoods (barriadas).
 */
export const PROVINCES = [
  {
    code: '01',
    name: 'Álava',
    cities: ['Vitoria-Gasteiz', 'Llodio', 'Amurrio', 'Salvatierra', 'Laguardia'],
  },
  {
    code: '02',
    name: 'Albacete',
    cities: ['Albacete', 'Hellín', 'Villarrobledo', 'Almansa', 'La Roda'],
  },
  {
    code: '03',
    name: 'Alicante',
    cities: ['Alicante', 'Elche', 'Torrevieja', 'Orihuela', 'Benidorm'],
  },
  {
    code: '04',
    name: 'Almería',
    cities: ['Almería', 'Roquetas de Mar', 'El Ejido', 'Níjar', 'Adra'],
  },
  {
    code: '05',
    name: 'Ávila',
    cities: ['Ávila', 'Arévalo', 'Las Navas del Marqués', 'Candeleda', 'El Tiemblo'],
  },
  {
    code: '06',
    name: 'Badajoz',
    cities: ['Badajoz', 'Mérida', 'Don Benito', 'Almendralejo', 'Villanueva de la Serena'],
  },
  {
    code: '07',
    name: 'Illes Balears',
    cities: ['Palma', 'Calvià', 'Manacor', 'Inca', 'Ciutadella de Menorca'],
  },
  {
    code: '08',
    name: 'Barcelona',
    cities: ['Barcelona', "L'Hospitalet de Llobregat", 'Badalona', 'Terrassa', 'Sabadell'],
  },
  {
    code: '09',
    name: 'Burgos',
    cities: ['Burgos', 'Miranda de Ebro', 'Aranda de Duero', 'Briviesca', 'Medina de Pomar'],
  },
  {
    code: '10',
    name: 'Cáceres',
    cities: ['Cáceres', 'Plasencia', 'Navalmoral de la Mata', 'Coria', 'Trujillo'],
  },
  {
    code: '11',
    name: 'Cádiz',
    cities: [
      'Cádiz',
      'Jerez de la Frontera',
      'Algeciras',
      'San Fernando',
      'El Puerto de Santa María',
    ],
  },
  {
    code: '12',
    name: 'Castellón',
    cities: ['Castellón de la Plana', 'Vila-real', 'Burriana', 'Vinaròs', 'Onda'],
  },
  {
    code: '13',
    name: 'Ciudad Real',
    cities: ['Ciudad Real', 'Puertollano', 'Tomelloso', 'Valdepeñas', 'Alcázar de San Juan'],
  },
  {
    code: '14',
    name: 'Córdoba',
    cities: ['Córdoba', 'Lucena', 'Puente Genil', 'Montilla', 'Priego de Córdoba'],
  },
  {
    code: '15',
    name: 'A Coruña',
    cities: ['A Coruña', 'Santiago de Compostela', 'Ferrol', 'Narón', 'Carballo'],
  },
  {
    code: '16',
    name: 'Cuenca',
    cities: ['Cuenca', 'Tarancón', 'San Clemente', 'Motilla del Palancar', 'Quintanar del Rey'],
  },
  {
    code: '17',
    name: 'Girona',
    cities: ['Girona', 'Figueres', 'Blanes', 'Lloret de Mar', 'Olot'],
  },
  {
    code: '18',
    name: 'Granada',
    cities: ['Granada', 'Motril', 'Almuñécar', 'Baza', 'Guadix'],
  },
  {
    code: '19',
    name: 'Guadalajara',
    cities: ['Guadalajara', 'Azuqueca de Henares', 'Alovera', 'Sigüenza', 'Molina de Aragón'],
  },
  {
    code: '20',
    name: 'Gipuzkoa',
    cities: ['San Sebastián', 'Irun', 'Errenteria', 'Eibar', 'Zarautz'],
  },
  {
    code: '21',
    name: 'Huelva',
    cities: ['Huelva', 'Lepe', 'Almonte', 'Moguer', 'Ayamonte'],
  },
  {
    code: '22',
    name: 'Huesca',
    cities: ['Huesca', 'Monzón', 'Barbastro', 'Fraga', 'Jaca'],
  },
  {
    code: '23',
    name: 'Jaén',
    cities: ['Jaén', 'Linares', 'Andújar', 'Úbeda', 'Baeza'],
  },
  {
    code: '24',
    name: 'León',
    cities: ['León', 'Ponferrada', 'San Andrés del Rabanedo', 'Villaquilambre', 'Astorga'],
  },
  {
    code: '25',
    name: 'Lleida',
    cities: ['Lleida', 'Balaguer', 'Tàrrega', 'Mollerussa', "La Seu d'Urgell"],
  },
  {
    code: '26',
    name: 'La Rioja',
    cities: ['Logroño', 'Calahorra', 'Arnedo', 'Haro', 'Nájera'],
  },
  {
    code: '27',
    name: 'Lugo',
    cities: ['Lugo', 'Monforte de Lemos', 'Viveiro', 'Vilalba', 'Sarria'],
  },
  {
    code: '28',
    name: 'Madrid',
    cities: ['Madrid', 'Móstoles', 'Alcalá de Henares', 'Fuenlabrada', 'Leganés'],
  },
  {
    code: '29',
    name: 'Málaga',
    cities: ['Málaga', 'Marbella', 'Mijas', 'Vélez-Málaga', 'Fuengirola'],
  },
  {
    code: '30',
    name: 'Murcia',
    cities: ['Murcia', 'Cartagena', 'Lorca', 'Molina de Segura', 'Alcantarilla'],
  },
  {
    code: '31',
    name: 'Navarra',
    cities: ['Pamplona', 'Tudela', 'Barañáin', 'Burlada', 'Estella'],
  },
  {
    code: '32',
    name: 'Ourense',
    cities: ['Ourense', 'Verín', 'O Barco de Valdeorras', 'O Carballiño', 'Xinzo de Limia'],
  },
  {
    code: '33',
    name: 'Asturias',
    cities: ['Oviedo', 'Gijón', 'Avilés', 'Siero', 'Langreo'],
  },
  {
    code: '34',
    name: 'Palencia',
    cities: ['Palencia', 'Guardo', 'Aguilar de Campoo', 'Venta de Baños', 'Villamuriel de Cerrato'],
  },
  {
    code: '35',
    name: 'Las Palmas',
    cities: [
      'Las Palmas de Gran Canaria',
      'Telde',
      'Santa Lucía de Tirajana',
      'Arrecife',
      'Puerto del Rosario',
    ],
  },
  {
    code: '36',
    name: 'Pontevedra',
    cities: ['Pontevedra', 'Vigo', 'Vilagarcía de Arousa', 'Redondela', 'Cangas'],
  },
  {
    code: '37',
    name: 'Salamanca',
    cities: [
      'Salamanca',
      'Béjar',
      'Ciudad Rodrigo',
      'Santa Marta de Tormes',
      'Villares de la Reina',
    ],
  },
  {
    code: '38',
    name: 'Santa Cruz de Tenerife',
    cities: [
      'Santa Cruz de Tenerife',
      'San Cristóbal de La Laguna',
      'Arona',
      'Adeje',
      'Los Llanos de Aridane',
    ],
  },
  {
    code: '39',
    name: 'Cantabria',
    cities: ['Santander', 'Torrelavega', 'Castro-Urdiales', 'Camargo', 'Piélagos'],
  },
  {
    code: '40',
    name: 'Segovia',
    cities: ['Segovia', 'Cuéllar', 'El Espinar', 'San Ildefonso', 'Palazuelos de Eresma'],
  },
  {
    code: '41',
    name: 'Sevilla',
    cities: ['Sevilla', 'Dos Hermanas', 'Alcalá de Guadaíra', 'Utrera', 'Écija'],
  },
  {
    code: '42',
    name: 'Soria',
    cities: ['Soria', 'Almazán', 'Ágreda', 'Ólvega', 'San Esteban de Gormaz'],
  },
  {
    code: '43',
    name: 'Tarragona',
    cities: ['Tarragona', 'Reus', 'Tortosa', 'Cambrils', 'Valls'],
  },
  {
    code: '44',
    name: 'Teruel',
    cities: ['Teruel', 'Alcañiz', 'Andorra', 'Calamocha', 'Utrillas'],
  },
  {
    code: '45',
    name: 'Toledo',
    cities: ['Toledo', 'Talavera de la Reina', 'Illescas', 'Seseña', 'Torrijos'],
  },
  {
    code: '46',
    name: 'Valencia',
    cities: ['Valencia', 'Torrent', 'Gandia', 'Paterna', 'Sagunto'],
  },
  {
    code: '47',
    name: 'Valladolid',
    cities: [
      'Valladolid',
      'Medina del Campo',
      'Laguna de Duero',
      'Arroyo de la Encomienda',
      'Tordesillas',
    ],
  },
  {
    code: '48',
    name: 'Bizkaia',
    cities: ['Bilbao', 'Barakaldo', 'Getxo', 'Portugalete', 'Santurtzi'],
  },
  {
    code: '49',
    name: 'Zamora',
    cities: ['Zamora', 'Benavente', 'Toro', 'Morales del Vino', 'Puebla de Sanabria'],
  },
  {
    code: '50',
    name: 'Zaragoza',
    cities: ['Zaragoza', 'Calatayud', 'Utebo', 'Ejea de los Caballeros', 'Tarazona'],
  },
  {
    code: '51',
    name: 'Ceuta',
    cities: ['Ceuta', 'Príncipe Alfonso', 'Hadú', 'Benzú', 'Los Rosales'],
  },
  {
    code: '52',
    name: 'Melilla',
    cities: ['Melilla', 'Barrio del Real', 'Cabrerizas', 'La Cañada de Hidum', 'Barrio Industrial'],
  },
] as const satisfies readonly { code: string; name: string; cities: readonly string[] }[];

export type Province = (typeof PROVINCES)[number];
export type ProvinceName = Province['name'];
export type ProvinceCode = Province['code'];

/** Province names in INE code order, for selects. */
export const PROVINCE_NAMES: readonly ProvinceName[] = PROVINCES.map((p) => p.name);
