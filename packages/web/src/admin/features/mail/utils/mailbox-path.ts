/** The address of one mail in the mailbox (ids hold colons and may hold more; the segment is encoded). */
export const mailboxMailPath = (messageId: string): string => `/mailbox/${encodeURIComponent(messageId)}`;

/** The message id a mail's address names: the router leaves `%3A` and the like encoded. */
export const messageIdOf = (segment: string): string => {
  try {
    return decodeURIComponent(segment);
  } catch {
    // A malformed escape is sent as it is: the API answers that no such mail exists.
    return segment;
  }
};
