/**
 * What admission control says to people, in Spanish (ADR 0069): the message of the 503 answered
 * when a lane's queue is full. The web shows it as it is (`Content-Language: es`, ADR 0032).
 */
export const ADMISSION_TEXTS = {
  busy: 'Hay mucha gente ahora mismo. Vuelve a intentarlo en unos segundos.',
} as const;
