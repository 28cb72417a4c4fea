/**
 * Texts about waiting that the API and the web both say (ADR 0032): the API words its 429 with
 * them, and the web builds the same sentence from the `Retry-After` header.
 */

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * A wait in Spanish, in the unit people use, rounded up so nobody is told to come back too
 * early: "30 segundos", "1 minuto", "66 minutos", "2 horas".
 */
export function waitTimeText(seconds: number): string {
  const whole = Math.max(1, Math.ceil(seconds));
  if (whole < 60) return plural(whole, 'segundo', 'segundos');
  const minutes = Math.ceil(whole / 60);
  // Below two hours minutes stay minutes: "61 minutos", where rounding up to hours would tell
  // someone to wait "2 horas" for a wait of an hour and a minute (a sliding window's wait often
  // runs just past the hour). Whole hours read as hours.
  if (minutes < 60 || (minutes < 120 && minutes % 60 !== 0)) {
    return plural(minutes, 'minuto', 'minutos');
  }
  return plural(Math.ceil(whole / 3_600), 'hora', 'horas');
}

/** What a person reads after too many requests in a row (HTTP 429), with the wait when known. */
export function tooManyRequestsMessage(retryAfterSeconds?: number): string {
  return retryAfterSeconds !== undefined && retryAfterSeconds > 0
    ? `Has hecho demasiadas solicitudes seguidas. Vuelve a intentarlo dentro de ${waitTimeText(retryAfterSeconds)}.`
    : 'Has hecho demasiadas solicitudes seguidas. Espera un momento y vuelve a intentarlo.';
}
