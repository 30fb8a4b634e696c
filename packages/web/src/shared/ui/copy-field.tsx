import { useId, useRef, useState } from 'react';

type CopyState = 'idle' | 'copied' | 'selected';

/**
 * A value to copy as a whole (a secret, a key): read-only, with a Copy button. Where the clipboard
 * is unavailable (an insecure origin, a refused permission) the text is selected for Ctrl+C instead.
 */
export const CopyField = ({ label, value }: { label: string; value: string }) => {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<CopyState>('idle');

  const selectText = () => {
    input.current?.focus();
    input.current?.select();
    setState('selected');
  };

  const copy = async () => {
    if (!navigator.clipboard?.writeText) return selectText();
    try {
      await navigator.clipboard.writeText(value);
      setState('copied');
    } catch {
      selectText();
    }
  };

  return (
    <div className="field copy-field">
      <label htmlFor={id}>{label}</label>
      <div className="copy-row">
        <input
          id={id}
          ref={input}
          readOnly
          value={value}
          spellCheck={false}
          autoComplete="off"
          onFocus={(event) => event.target.select()}
        />
        <button type="button" onClick={() => void copy()}>
          Copy
        </button>
      </div>
      <small role="status" className="muted">
        {state === 'copied'
          ? 'Copied'
          : state === 'selected'
            ? 'The clipboard is not available here: the text is selected, press Ctrl+C (⌘C) to copy it.'
            : ''}
      </small>
    </div>
  );
};
