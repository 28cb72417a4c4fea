/**
 * A date in Spanish words: the app's one formatter (lib/dates), used across the profile. The
 * notifications' relative times live with the notifications (entities/notification).
 */
export { formatLongDate } from '../../../lib/dates';
