/** A TRON address cut to its ends (`TLa2f6…wYjU7`), enough to tell wallets apart in a table. */
export const shortAddress = (address: string): string =>
  address.length > 14 ? `${address.slice(0, 6)}…${address.slice(-5)}` : address;
