import type { User } from '@trx-shop/domain';

/** The specified search as a scan: customers whose lowercased username or email includes it, newest first. */
export const scannedCustomerIds = (users: Iterable<User>, search: string): string[] => {
  const needle = search.toLowerCase();
  return [...users]
    .filter(
      (user) =>
        user.role === 'user' &&
        (user.username.toLowerCase().includes(needle) || user.email.toLowerCase().includes(needle)),
    )
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
    .map((user) => user.id);
};
