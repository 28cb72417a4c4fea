import { describe, expect, it } from 'vitest';
import {
  authorName,
  countOf,
  emailProgress,
  isInProgress,
  LIVE_POLL_MS,
  pollInterval,
  WAITING_POLL_MS,
} from './delivery';

const NOW = Date.parse('2026-11-26T10:00:00Z');

describe('pollInterval', () => {
  it('follows a send live while it sends or has emails pending, and stops once done', () => {
    expect(
      pollInterval({ status: 'sending', emailsPending: 0, sendAt: '2026-11-26T09:00:00Z' }, NOW),
    ).toBe(LIVE_POLL_MS);
    expect(
      pollInterval({ status: 'sent', emailsPending: 5, sendAt: '2026-11-26T09:00:00Z' }, NOW),
    ).toBe(LIVE_POLL_MS);
    expect(
      pollInterval({ status: 'sent', emailsPending: 0, sendAt: '2026-11-26T09:00:00Z' }, NOW),
    ).toBe(false);
    expect(
      pollInterval({ status: 'failed', emailsPending: 0, sendAt: '2026-11-26T09:00:00Z' }, NOW),
    ).toBe(false);
    expect(
      pollInterval({ status: 'cancelled', emailsPending: 0, sendAt: '2026-11-27T09:00:00Z' }, NOW),
    ).toBe(false);
    expect(pollInterval(undefined, NOW)).toBe(false);
  });

  it('a scheduled send is asked about every half minute until its moment is near', () => {
    expect(
      pollInterval({ status: 'scheduled', emailsPending: 0, sendAt: '2026-11-27T09:00:00Z' }, NOW),
    ).toBe(WAITING_POLL_MS);
    expect(
      pollInterval({ status: 'scheduled', emailsPending: 0, sendAt: '2026-11-26T10:00:30Z' }, NOW),
    ).toBe(LIVE_POLL_MS);
  });
});

describe('delivery figures', () => {
  it('progress is the emails sent or failed of those queued', () => {
    expect(emailProgress({ emailsQueued: 200, emailsSent: 120, emailsFailed: 30 })).toEqual({
      done: 150,
      total: 200,
      percent: 75,
    });
    expect(emailProgress({ emailsQueued: 0, emailsSent: 0, emailsFailed: 0 }).percent).toBe(0);
  });

  it('in progress: scheduled, sending or with emails pending', () => {
    expect(isInProgress({ status: 'scheduled', emailsPending: 0 })).toBe(true);
    expect(isInProgress({ status: 'sent', emailsPending: 0 })).toBe(false);
  });

  it('counts read in Spanish, singular and plural', () => {
    expect(countOf(1, 'estudiante', 'estudiantes')).toBe('1 estudiante');
    expect(countOf(12345, 'estudiante', 'estudiantes')).toBe('12.345 estudiantes');
  });

  it('the author is their name, else their username or address', () => {
    expect(authorName({ id: 1, attributes: { name: 'Marta', surname: 'Gil' } })).toBe('Marta Gil');
    expect(authorName({ id: 1, attributes: { name: '', username: 'mgil' } })).toBe('mgil');
    expect(authorName(null)).toBe('—');
  });
});
