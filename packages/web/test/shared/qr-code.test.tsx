import { cleanup, render, screen } from '@testing-library/react';
import QRCode from 'qrcode';
import { afterEach, describe, expect, it } from 'vitest';
import { QrCode } from '../../src/shared/ui/qr-code.js';

afterEach(cleanup);

const ADDRESS = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';

describe('QrCode', () => {
  it('draws the value as an SVG image named by its label, the same modules the encoder makes', async () => {
    render(<QrCode value={ADDRESS} label="Deposit address as a QR code" />);
    const image = await screen.findByRole<HTMLImageElement>('img', { name: 'Deposit address as a QR code' });
    const svg = decodeURIComponent(image.src.replace(/^data:image\/svg\+xml;charset=utf-8,/, ''));
    const expected = await QRCode.toString(ADDRESS, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
    expect(svg).toBe(expected);
    expect(image.src.startsWith('data:image/svg+xml')).toBe(true);
  });

  it('draws again when the value changes', async () => {
    const view = render(<QrCode value={ADDRESS} label="Code" />);
    const first = (await screen.findByRole<HTMLImageElement>('img', { name: 'Code' })).src;
    view.rerender(<QrCode value="TJCnKsPa7y5okkXvQAidZBzqx3QyQ6sxMW" label="Code" />);
    await expect
      .poll(() => screen.queryByRole<HTMLImageElement>('img', { name: 'Code' })?.src)
      .not.toBe(first);
  });
});
