import type { MailMessage, MailStatus } from '../../mail/mail-message.js';
import { renderMail } from '../../mail/templates/render-mail.js';
import type { MailerOutcome } from '../../ports/mailer.port.js';
import type { MailDeps, MailPolicy } from './mail-deps.js';
import { openLetter } from './sealed-mail.js';

export interface MailDispatchOptions {
  /** This instance's name on the claims it takes. */
  readonly holder: string;
  /** How long a claim holds: longer than a send may take, so no one else attempts meanwhile. */
  readonly claimMs: number;
}

/** What becomes of the message after this attempt: sent, failed for good, or retried later. */
const nextState = (
  policy: MailPolicy,
  message: MailMessage,
  outcome: MailerOutcome,
  at: Date,
): { status: MailStatus; nextAttemptAt: Date | null } => {
  if (outcome.ok) return { status: 'sent', nextAttemptAt: null };
  const wait = outcome.permanent ? undefined : policy.retrySchedule[message.roundAttempts];
  return wait === undefined
    ? { status: 'failed', nextAttemptAt: null }
    : { status: 'pending', nextAttemptAt: new Date(at.getTime() + wait) };
};

/** Opens, renders and sends one message; a letter that cannot be opened is retried like a failed send. */
const send = async (deps: MailDeps, message: MailMessage): Promise<MailerOutcome> => {
  let letter: Awaited<ReturnType<typeof openLetter>>;
  try {
    letter = await openLetter(deps.vault, message.id, message.sealed);
  } catch (error) {
    // Retried: the letter opens again once its master key is back.
    return {
      ok: false,
      permanent: false,
      error: `Not sent: the message cannot be opened (${error instanceof Error ? error.message : String(error)})`,
    };
  }
  const rendered = renderMail(letter.content, letter.recipient, deps.shop);
  return deps.mailer.send({ messageId: message.id, to: letter.recipient.email, ...rendered });
};

const attemptMessage = async (
  deps: MailDeps,
  policy: MailPolicy,
  holder: string,
  message: MailMessage,
): Promise<void> => {
  const attempt = message.claim?.attempt ?? message.attempts.length + 1;
  const at = deps.clock.now();
  const outcome = await send(deps, message);
  const ended = deps.clock.now();
  const recorded = await deps.store.mail.recordAttempt(message.id, holder, {
    attempt: {
      attempt,
      at,
      latencyMs: ended.getTime() - at.getTime(),
      error: outcome.ok ? null : outcome.error,
    },
    ...nextState(policy, message, outcome, ended),
  });
  // A claim that expired mid-send belongs to another instance now: its attempt counts.
  if (!recorded) deps.logger.warn({ mailId: message.id }, 'mail attempt outlived its claim');
};

/** Claims up to `limit` messages due now for this instance. */
export const claimMail = (
  deps: MailDeps,
  options: MailDispatchOptions,
  limit: number,
): Promise<readonly MailMessage[]> => {
  const now = deps.clock.now();
  return deps.store.mail.claimDue(now, options.holder, new Date(now.getTime() + options.claimMs), limit);
};

/**
 * Makes one attempt of each claimed message, concurrently, each by the one instance whose claim
 * holds it: a temporary failure is retried on the policy's schedule, a permanent one (a 5xx
 * answer) fails the message at once. `onAttempted` runs as each one ends (a dispatcher frees its
 * slot). A message may go twice only when the server accepted it and the record was lost; its
 * stable Message-ID lets the receiver drop the repeat.
 */
export const attemptClaimedMail = (
  deps: MailDeps,
  policy: MailPolicy,
  holder: string,
  messages: readonly MailMessage[],
  onAttempted: () => void = () => {},
): Promise<unknown> =>
  Promise.all(
    messages.map((message) =>
      attemptMessage(deps, policy, holder, message)
        .catch((error: unknown) =>
          // Its claim expires and the attempt is made again: at least once.
          deps.logger.error({ err: String(error), mailId: message.id }, 'mail attempt failed to record'),
        )
        .finally(onAttempted),
    ),
  );

/** Claims the messages due now (up to `limit`) and attempts each; answers how many were attempted. */
export const dispatchMail = async (
  deps: MailDeps,
  policy: MailPolicy,
  options: MailDispatchOptions,
  limit: number,
): Promise<number> => {
  const messages = await claimMail(deps, options, limit);
  await attemptClaimedMail(deps, policy, options.holder, messages);
  return messages.length;
};
