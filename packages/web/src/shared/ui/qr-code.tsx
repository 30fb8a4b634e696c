import { useEffect, useState } from 'react';

/**
 * `value` as a QR code image (an SVG data URL, which the CSP allows), drawn in the browser so an
 * address never leaves it; `label` says what it encodes. The encoder loads with the first code.
 */
export const QrCode = ({ value, label }: { value: string; label: string }) => {
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let current = true;
    setSrc(null);
    setFailed(false);
    import('qrcode')
      .then((qrcode) => qrcode.toString(value, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }))
      .then((svg) => {
        if (current) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
      })
      .catch(() => {
        if (current) setFailed(true);
      });
    return () => {
      current = false;
    };
  }, [value]);
  if (failed) return <p className="muted">The QR code could not be drawn; use the text instead.</p>;
  if (src === null)
    return <div className="qr-code qr-code-pending" role="img" aria-label={`${label} (drawing)`} />;
  return <img className="qr-code" src={src} alt={label} width={192} height={192} />;
};
