import type { ReactNode } from 'react';

/** A region that is still loading, announced politely to screen readers. */
export const Loading = ({ label = 'Loading' }: { label?: string }) => (
  <p role="status" aria-live="polite" className="muted">
    {label}…
  </p>
);

/** What a list shows when it has nothing to list. */
export const Empty = ({ children }: { children: ReactNode }) => <p className="muted empty">{children}</p>;
