/**
 * Exact decimal text of an integer amount of base units with `decimals` places, trailing zeros
 * dropped: no float ever stands between the stored integer and the text shown.
 */
export const exactDecimalText = (amount: number, decimals: number): string => {
  const scale = 10 ** decimals;
  const negative = amount < 0;
  const magnitude = Math.abs(amount);
  const whole = Math.floor(magnitude / scale);
  const fraction = magnitude % scale;
  const fractionText =
    fraction === 0 ? '' : `.${String(fraction).padStart(decimals, '0').replace(/0+$/, '')}`;
  const text = `${whole}${fractionText}`;
  return negative && text !== '0' ? `-${text}` : text;
};
