import type { ReactNode } from 'react';
import { CopyField } from './copy-field.js';

/**
 * A secret the API answers only once (a signing secret, an API key), in a marked box that says so;
 * it lives only as long as the page that received it.
 */
export const ShownOnce = ({
  title,
  label,
  value,
  children,
  onDone,
}: {
  title: string;
  label: string;
  value: string;
  /** What to do with it, besides keeping it. */
  children?: ReactNode;
  onDone: () => void;
}) => (
  <section className="notice notice-warn shown-once stack" aria-label={title}>
    <strong>{title}</strong>
    <p>Copy it now and keep it somewhere safe: it will not be shown again.</p>
    {children}
    <CopyField label={label} value={value} />
    <div>
      <button type="button" onClick={onDone}>
        I have saved it
      </button>
    </div>
  </section>
);
