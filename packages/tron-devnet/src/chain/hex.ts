export const utf8ToHex = (text: string): string => Buffer.from(text, 'utf8').toString('hex');

export const isHex = (value: string): boolean => value.length % 2 === 0 && /^[0-9a-fA-F]*$/.test(value);

export const hexToBytes = (hex: string): Uint8Array => Uint8Array.from(Buffer.from(hex, 'hex'));

export const bytesToHex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex');
