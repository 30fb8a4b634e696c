import { type FormEvent, useState } from 'react';
import { ErrorNotice } from '../../../../shared/ui/error-notice.js';
import { Field } from '../../../../shared/ui/field.js';
import type { WebhookInput } from '../api/webhooks.js';
import { apiFieldError, MAX_DESCRIPTION_LENGTH, urlProblem } from '../utils/webhook-input.js';
import { EventCheckboxes } from './event-checkboxes.js';

interface WebhookFormProps {
  readonly title: string;
  readonly initial?: WebhookInput | undefined;
  readonly submitLabel: string;
  readonly pending: boolean;
  /** The last answer's refusal: a field's shows beside it, the code and message below. */
  readonly error: unknown;
  readonly errorTitle: string;
  readonly onSubmit: (input: WebhookInput) => void;
}

const EMPTY: WebhookInput = { url: '', description: '', events: [] };

/** An endpoint's URL, description and events, for adding one and for changing one. */
export const WebhookForm = ({
  title,
  initial = EMPTY,
  submitLabel,
  pending,
  error,
  errorTitle,
  onSubmit,
}: WebhookFormProps) => {
  const [url, setUrl] = useState(initial.url);
  const [description, setDescription] = useState(initial.description);
  const [events, setEvents] = useState(initial.events);
  const [urlError, setUrlError] = useState<string>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = urlProblem(url);
    setUrlError(problem);
    if (problem) return;
    onSubmit({ url: url.trim(), description: description.trim(), events });
  };

  return (
    <form className="card stack webhook-form" aria-label={title} onSubmit={submit} noValidate>
      <h2>{title}</h2>
      <Field
        label="Endpoint URL"
        type="url"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        required
        maxLength={2000}
        hint="Where the shop POSTs each event, signed: https://… on a public host"
        error={urlError ?? apiFieldError(error, 'url')}
        value={url}
        onChange={(event) => setUrl(event.target.value)}
      />
      <Field
        label="Description (optional)"
        maxLength={MAX_DESCRIPTION_LENGTH}
        hint="What receives them, e.g. ERP order sync"
        error={apiFieldError(error, 'description')}
        value={description}
        onChange={(event) => setDescription(event.target.value)}
      />
      <EventCheckboxes chosen={events} onChange={setEvents} error={apiFieldError(error, 'events')} />
      {error != null && <ErrorNotice error={error} title={errorTitle} />}
      <div>
        <button type="submit" className="primary" disabled={pending}>
          {pending ? 'Saving…' : submitLabel}
        </button>
      </div>
    </form>
  );
};
