import { isShopApiError } from '@trx-shop/client';

/** What went wrong as the API said it: its code and message, never a blank screen. */
export const ErrorNotice = ({
  error,
  title = 'Something went wrong',
}: {
  error: unknown;
  title?: string;
}) => {
  const code = isShopApiError(error) ? error.code : 'CLIENT_ERROR';
  const message = isShopApiError(error)
    ? error.body.error
    : error instanceof Error
      ? error.message
      : String(error);
  return (
    <div role="alert" className="notice notice-error">
      <strong>{title}</strong>
      <p>
        <code>{code}</code> {message}
      </p>
    </div>
  );
};
