import { PASSWORD_MESSAGES } from '@plataforma/shared';
/**
 * What the setup page says (ADR 0064), in Spanish, in one module for the language layer to come.
 * The rules of the fields say theirs in the shared package (`SETUP_MESSAGES`), since the API
 * answers them too.
 */
export const SETUP_TEXTS = {
  pageTitle: 'Puesta en marcha',
  title: 'Pon en marcha la plataforma',
  intro:
    'Crea la cuenta del primer administrador y da nombre y colores a la plataforma. Todo se puede cambiar después en Ajustes.',
  checking: 'Comprobando el enlace de instalación...',
  refusedTitle: 'No se puede continuar sin un enlace de instalación válido',
  /** Why the link does not work, by the API's `details.reason`. */
  refused: {
    missing:
      'Necesitas el enlace de instalación que muestra el servidor al arrancar. Ábrelo completo, tal como aparece en la terminal o en el registro del servidor.',
    invalid:
      'Este enlace de instalación no es válido. Abre el último enlace que muestra el servidor al arrancar, completo.',
    expired: 'Este enlace de instalación ha caducado: solo vale 24 horas.',
    used: 'Este enlace de instalación ya se ha usado.',
  },
  whatToDo:
    'Si no lo encuentras o ya no vale, reinicia el servidor: mientras no haya administrador, al arrancar muestra un enlace nuevo. También puedes crear el administrador desde la terminal con «npm run admin:create».',
  checkFailed:
    'No se ha podido comprobar el enlace de instalación. Comprueba la conexión y vuelve a intentarlo.',
  retry: 'Reintentar',
  /** Another person finished the setup while this form was open. */
  alreadyDone: 'La plataforma ya tiene administrador: otra persona ha terminado la instalación.',
  signIn: 'Iniciar sesión',
  failed: 'No se ha podido completar la instalación. Vuelve a intentarlo dentro de unos minutos.',
  offline: 'No se ha podido conectar con el servidor. Comprueba tu conexión y vuelve a intentarlo.',
  reviewFields: 'Revisa los campos marcados.',
  admin: {
    legend: 'Tu cuenta de administrador',
    description: 'Con ella entrarás ahora y administrarás la plataforma.',
    name: 'Nombre',
    surname: 'Apellidos',
    email: 'Correo electrónico',
    emailHint: 'Con él iniciarás sesión.',
    password: 'Contraseña',
    passwordHint: PASSWORD_MESSAGES.hint,
    passwordConfirmation: 'Repite la contraseña',
  },
  installation: {
    legend: 'La plataforma',
    projectName: 'Nombre de la plataforma',
    projectNameHint: 'Aparece en la cabecera, en los correos y en el título de la pestaña.',
    universities: 'Universidades',
    universitiesHint:
      'La universidad o universidades a las que sirve la plataforma. Sus facultades y grados se añaden después en «Facultades y Grados».',
    university: (position: number) => `Universidad ${position}`,
    removeUniversity: (position: number) => `Quitar la universidad ${position}`,
    remove: 'Quitar',
    addUniversity: 'Añadir otra universidad',
    mainColor: 'Color principal',
    mainColorHint:
      'Botones, zonas destacadas, enlaces y marcas de foco. Debe leerse bien sobre blanco y con texto encima (contraste de 4,5:1 como mínimo).',
    secondaryColor: 'Color secundario',
    secondaryColorHint: 'Botones y detalles secundarios, con texto encima.',
    mailTo: 'Correo de contacto',
    mailToHint: 'La dirección a la que escribir con dudas sobre la plataforma.',
  },
  submit: 'Crear el administrador y entrar',
} as const;
