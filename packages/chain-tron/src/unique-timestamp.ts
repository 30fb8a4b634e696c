/**
 * Two transfers with the same sender, recipient and amount built on the same head block would be
 * byte-identical, so the second would get the first's txID and be swallowed as a duplicate: a
 * withdrawal or refund silently not sent. A per-process sequence from a random start, added to
 * the head's timestamp, makes each one distinct. The node does not judge this field (only the
 * expiration), and an offset below a minute keeps its encoded size, so fee estimates still hold.
 */
let timestampSequence = Math.floor(Math.random() * 60_000);

export const uniqueTimestamp = (headTimestamp: number): number => {
  timestampSequence = (timestampSequence + 1) % 60_000;
  return headTimestamp + timestampSequence;
};
