import type { components } from '@trx-shop/client';

type MailboxMail = components['schemas']['GetMailboxMailResponse']['mail'];

/**
 * Both parts as the recipient's client would show them: the text as plain text (its links stay
 * text), the HTML in a frame sandboxed with no permission at all, so nothing in it runs or reaches
 * this page (the service's CSP lets a srcdoc frame render, under the same policy as the page).
 */
export const MailParts = ({ mail }: { mail: MailboxMail }) => (
  <div className="mail-parts">
    <section aria-labelledby="mail-text-part" className="card stack">
      <h2 id="mail-text-part">Text part</h2>
      <pre className="mail-text">{mail.text}</pre>
    </section>
    <section aria-labelledby="mail-html-part" className="card stack">
      <h2 id="mail-html-part">HTML part</h2>
      <iframe
        className="mail-html"
        title={`HTML part of ${mail.subject}`}
        sandbox=""
        referrerPolicy="no-referrer"
        srcDoc={mail.html}
      />
    </section>
  </div>
);
