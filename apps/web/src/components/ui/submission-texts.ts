/**
 * What a person reads while a submission is tried again and after the last attempt (ADR 0070):
 * the texts of `submission-status.tsx`, in one place for the language layer to come.
 */
export const SUBMISSION_TEXTS = {
  /** While a 503 is tried again (the API is full, or lost its database for a moment). */
  retryingBusy: 'Hay mucha gente ahora mismo, lo intentamos de nuevo…',
  /** While a request that got no answer is tried again. */
  retryingOffline: 'Se ha perdido la conexión, lo intentamos de nuevo…',
  tryAgain: 'Volver a intentarlo',
  /** After the last attempt, by what was sent: a form, or a file. */
  gaveUp: {
    form: {
      busy: 'Hay mucha gente ahora mismo y no se ha podido enviar. Lo que has escrito sigue aquí: vuelve a intentarlo en unos segundos.',
      offline:
        'Se ha perdido la conexión y no se ha podido enviar. Lo que has escrito sigue aquí: comprueba tu conexión y vuelve a intentarlo.',
    },
    file: {
      busy: 'Hay mucha gente ahora mismo y el archivo no se ha podido subir. Vuelve a intentarlo en unos segundos.',
      offline:
        'Se ha perdido la conexión y el archivo no se ha podido subir. Comprueba tu conexión y vuelve a intentarlo.',
    },
  },
} as const;
