import type { ReactNode } from 'react';

/**
 * The box a wide or long table scrolls in: a named, focusable region, so a keyboard can scroll it
 * and a screen reader says what was entered.
 */
export const TableScroll = ({ label, children }: { label: string; children: ReactNode }) => (
  // biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll box with no focusable content is scrolled by keyboard only when it takes focus itself
  <section className="table-wrap" aria-label={label} tabIndex={0}>
    {children}
  </section>
);
