import { instantsOf } from '../../../../shared/format/day-range.js';
import type { ApiKeyScope } from './api-key-scopes.js';

export const MAX_NAME_LENGTH = 100;

export interface ApiKeyDraft {
  readonly name: string;
  readonly scopes: readonly ApiKeyScope[];
  /** `YYYY-MM-DD` from the date input, or empty for a key that never expires. */
  readonly expiryDay: string;
}

export interface NewApiKey {
  readonly name: string;
  readonly scopes: readonly ApiKeyScope[];
  readonly expiresAt?: string | undefined;
}

export type DraftProblems = Partial<Record<keyof ApiKeyDraft, string>>;

/**
 * The key to ask for, or what is wrong with the draft. An expiry day keeps the key working through
 * that whole day in the viewer's calendar: it expires at the local midnight that ends it.
 */
export const checkApiKeyDraft = (
  draft: ApiKeyDraft,
  now: Date,
): { ok: true; value: NewApiKey } | { ok: false; problems: DraftProblems } => {
  const problems: DraftProblems = {};
  const name = draft.name.trim();
  if (name === '') problems.name = 'Name the key after what uses it, e.g. Warehouse sync';
  else if (name.length > MAX_NAME_LENGTH) problems.name = `At most ${MAX_NAME_LENGTH} characters`;
  if (draft.scopes.length === 0) problems.scopes = 'Choose at least one scope';
  let expiresAt: string | undefined;
  if (draft.expiryDay !== '') {
    expiresAt = instantsOf({ toDay: draft.expiryDay }).to;
    if (expiresAt === undefined) problems.expiryDay = 'Choose a day, or leave it empty';
    else if (new Date(expiresAt).getTime() <= now.getTime())
      problems.expiryDay = 'Choose today or a later day';
  }
  return Object.keys(problems).length > 0
    ? { ok: false, problems }
    : { ok: true, value: { name, scopes: draft.scopes, expiresAt } };
};
