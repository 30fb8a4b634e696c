import { DELIVERY_WORDS, type MailDelivery } from '../utils/mail-words.js';

/** Where mail goes; held mail is a warning, since nobody receives anything until SMTP_URL is set. */
export const DeliveryLine = ({ delivery }: { delivery: MailDelivery }) =>
  delivery === 'held' ? (
    <p role="alert" className="notice notice-warn">
      {DELIVERY_WORDS.held}
    </p>
  ) : (
    <p className="muted">{DELIVERY_WORDS[delivery]}</p>
  );
