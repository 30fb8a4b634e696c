/**
 * Options for a mutation whose answer or input is a secret (a signing secret, an API key, a
 * password): a finished mutation otherwise stays in the query client for five minutes after its
 * page is left, so the secret would outlive the one showing the brief allows.
 */
export const holdsSecret = { gcTime: 0 } as const;
