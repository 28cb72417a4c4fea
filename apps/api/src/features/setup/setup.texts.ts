import { SETUP_TOKEN_TTL_HOURS } from '@plataforma/shared';

/**
 * What the first start says to people, in Spanish (ADR 0064): the lines the server prints for
 * the operator, the API's refusals and the `npm run admin:create` command's messages. Kept in one
 * module for the language layer to come. The form's field rules say theirs in the shared package
 * (`SETUP_MESSAGES`), since the page says them too.
 */
export const SETUP_TEXTS = {
  /** Printed once per start while no administrator exists; `link` is the setup page's. */
  announcement: (link: string): string[] => [
    '',
    '  Instalación nueva: crea el primer administrador en',
    `  ${link}`,
    `  (enlace válido ${SETUP_TOKEN_TTL_HOURS} horas o hasta que se use)`,
    '  Desde la terminal también puedes: npm run admin:create -- --email … --name …',
    '',
  ],
  /** 404 of the setup calls once an administrator exists. */
  closed: 'La instalación ya está hecha: esta plataforma ya tiene administrador.',
  refused: {
    missing:
      'Falta el código del enlace de instalación. Abre el enlace completo que muestra el servidor al arrancar.',
    invalid:
      'Este enlace de instalación no es válido. Abre el último enlace que muestra el servidor al arrancar.',
    expired:
      'Este enlace de instalación ha caducado. Reinicia el servidor: al arrancar mostrará uno nuevo.',
    used: 'Este enlace de instalación ya se ha usado. Reinicia el servidor para obtener uno nuevo.',
  },
  /** The 400's message when the form has several problems (each is at its field). */
  problems: (count: number) =>
    count === 1 ? 'Hay un dato que revisar.' : `Hay ${count} datos que revisar.`,
  cli: {
    usage: [
      'Uso: npm run admin:create -- --email <correo> --name <nombre> [--surname <apellidos>]',
      '',
      'Crea una cuenta de administrador en la base de datos que indica la configuración',
      '(DATABASE_URL, o la base de datos integrada de DATA_DIR). La contraseña se pide dos veces',
      'en la terminal, o se lee de la primera línea de la entrada estándar:',
      '  printf "%s\\n" "$CONTRASENA" | npm run admin:create -- --email ana@uni.es --name Ana',
    ].join('\n'),
    askPassword: 'Contraseña (no se verá al escribirla): ',
    askConfirmation: 'Repite la contraseña: ',
    noPassword: 'No se ha recibido ninguna contraseña por la entrada estándar.',
    locked: (detail: string) =>
      `No se puede abrir la base de datos integrada mientras el servidor la usa: detén el servidor, crea el administrador y vuelve a arrancarlo.\n${detail}`,
    badOption: (message: string) => `Opciones no válidas: ${message}`,
    problem: (field: string, message: string) => `  ${field}: ${message}`,
    problemsHeader: 'No se ha creado el administrador:',
    fieldNames: {
      name: '--name',
      surname: '--surname',
      email: '--email',
      password: 'contraseña',
      passwordConfirmation: 'repetición de la contraseña',
    } as Record<string, string>,
    created: (email: string, url: string) =>
      `Administrador creado: ${email}. Ya puede iniciar sesión en ${url}/user/auth/login`,
  },
} as const;
