import { inject } from 'vitest';

/** An email the server delivered to the SMTP sink of the run (global-setup.ts). */
export interface DeliveredEmail {
  envelopeTo: string[];
  subject: string;
  html: string;
  text: string;
}

async function delivered(): Promise<DeliveredEmail[]> {
  const response = await fetch(`${inject('mailboxUrl')}/messages`);
  return (await response.json()) as DeliveredEmail[];
}

/** From now on the SMTP sink refuses `address` with 550 (no such mailbox): its emails fail. */
export async function refuseMailTo(address: string): Promise<void> {
  const response = await fetch(
    `${inject('mailboxUrl')}/refuse?${new URLSearchParams({ address })}`,
    { method: 'POST' },
  );
  if (!response.ok) throw new Error(`the mailbox did not take the refusal: ${response.status}`);
}

/**
 * Waits until an email to `address` whose subject matches arrives in the SMTP sink (the sender
 * delivers in the background, so it may take a moment), and answers it.
 */
export async function waitForEmail(
  address: string,
  subject: RegExp,
  timeoutMs = 15_000,
): Promise<DeliveredEmail> {
  const deadline = Date.now() + timeoutMs;
  const wanted = address.toLowerCase();
  for (;;) {
    const found = (await delivered()).find(
      (m) => m.envelopeTo.some((to) => to.toLowerCase() === wanted) && subject.test(m.subject),
    );
    if (found) return found;
    if (Date.now() > deadline) {
      const seen = (await delivered())
        .filter((m) => m.envelopeTo.some((to) => to.toLowerCase() === wanted))
        .map((m) => m.subject);
      throw new Error(
        `no email to ${address} matching ${String(subject)} within ${timeoutMs} ms; seen: ${JSON.stringify(seen)}`,
      );
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}
