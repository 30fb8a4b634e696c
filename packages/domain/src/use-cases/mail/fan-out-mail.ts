import { readLogAfter } from '../../events/read-log.js';
import { MAIL_CATEGORIES } from '../../mail/mail-message.js';
import {
  ALERT_KIND_OF,
  DEFAULT_MAIL_PREFERENCES,
  type MailPreferences,
} from '../../mail/mail-preferences.js';
import type { KeyVault } from '../../ports/key-vault.port.js';
import type { Clock } from '../../ports/runtime.port.js';
import type { ShopStore } from '../../ports/shop-store.port.js';
import type { User } from '../../users/user.js';
import { type FanOutContext, mailsOfEvent } from './mails-of-event.js';
import { type MailRequest, newMailMessage } from './queue-mail.js';

/** The cursor (in the store's cursor table) of the last logged event turned into mail. */
export const MAIL_CURSOR = 'mail';

const BATCH = 500;

/** What turning logged events into queued mail may touch. */
export interface MailFanOutDeps {
  readonly store: Pick<
    ShopStore,
    'mail' | 'eventLog' | 'chainCursors' | 'users' | 'orders' | 'transactions' | 'mailPreferences'
  >;
  /** Seals each message's letter for its id. */
  readonly vault: KeyVault;
  readonly clock: Clock;
}

/** Reads the admins once per run, and only when an event needs them. */
const runContext = (users: MailFanOutDeps['store']['users']): FanOutContext => {
  let admins: Promise<readonly User[]> | null = null;
  const read = () => {
    admins ??= users.listAdmins();
    return admins;
  };
  return {
    admins: read,
    merchantAddress: async () => (await read())[0]?.wallet.address ?? null,
  };
};

/** Whether the recipient lets this mail through: security and account mail always go. */
const wanted = (request: MailRequest, preferences: MailPreferences): boolean => {
  const { template } = request.content;
  switch (MAIL_CATEGORIES[template]) {
    case 'receipt':
      return preferences.receipts;
    case 'alert': {
      const kind = ALERT_KIND_OF[template];
      return kind === undefined || preferences.alerts[kind];
    }
    default:
      return true;
  }
};

/** Drops the mails their recipients turned off, reading each recipient's preferences once. */
const byPreference = async (
  store: MailFanOutDeps['store'],
  requests: readonly MailRequest[],
): Promise<readonly MailRequest[]> => {
  const userIds = [
    ...new Set(requests.flatMap((r) => (r.recipient.userId === null ? [] : [r.recipient.userId]))),
  ];
  const saved = userIds.length === 0 ? new Map() : await store.mailPreferences.findMany(userIds);
  return requests.filter((request) =>
    wanted(
      request,
      (request.recipient.userId && saved.get(request.recipient.userId)) || DEFAULT_MAIL_PREFERENCES,
    ),
  );
};

/**
 * Turns the events logged since the cursor into queued mail (receipts, security notices,
 * merchant alerts), then moves the cursor, as the webhook fan-out does. A message's id is stable
 * per (event, template, recipient), so a run repeated after a crash, or two at once, queue each
 * once; the log read waits at a young hole like every reader. The first run starts at the newest
 * event: what happened before mail existed is history, not news. The business action that logged
 * the event is long done, so mail can neither block nor fail it. Preferences are read when the
 * mail is queued. Answers how many messages were queued.
 */
export const fanOutMail = async (
  deps: MailFanOutDeps,
  options: { readonly holeGraceMs: number; readonly batchSize?: number },
): Promise<number> => {
  const { mail, eventLog, chainCursors } = deps.store;
  const now = deps.clock.now();
  const cursor = await chainCursors.read(MAIL_CURSOR);
  if (cursor === null) {
    await chainCursors.advance(MAIL_CURSOR, null, (await eventLog.newestSequence()) ?? 0, now);
    return 0;
  }
  const read = await readLogAfter(eventLog, cursor, {
    graceMs: options.holeGraceMs,
    now,
    limit: options.batchSize ?? BATCH,
  });
  if (read.position === cursor) return 0;
  const context = runContext(deps.store.users);
  const requests: MailRequest[] = [];
  for (const event of read.events) requests.push(...(await mailsOfEvent(deps.store, context, event)));
  const messages = await Promise.all(
    (await byPreference(deps.store, requests)).map((request) => newMailMessage(deps.vault, request, now)),
  );
  const queued = messages.length === 0 ? 0 : await mail.enqueue(messages);
  await chainCursors.advance(MAIL_CURSOR, cursor, read.position, now);
  return queued;
};
