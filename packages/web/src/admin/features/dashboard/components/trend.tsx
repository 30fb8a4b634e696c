export type TrendDirection = 'up' | 'down' | 'flat';

export interface TrendReading {
  readonly direction: TrendDirection;
  /** The change in words, the percentage as the API wrote it: "up 12.5% on the previous 30 days". */
  readonly words: string;
}

const PERIOD = 'the previous 30 days';

/** The API's trend string (`+12.5%`, `-3.0%`, `0.0%`) read out; a zero change of either sign is no change. */
export const readTrend = (trend: string): TrendReading => {
  const match = /^([+-]?)(\d+(?:\.\d+)?)%$/.exec(trend);
  if (!match) return { direction: 'flat', words: `${trend} on ${PERIOD}` };
  const [, sign, percent = '0'] = match;
  if (Number(percent) === 0) return { direction: 'flat', words: `no change on ${PERIOD}` };
  const direction = sign === '-' ? 'down' : 'up';
  return { direction, words: `${direction} ${percent}% on ${PERIOD}` };
};

const ARROWS: Record<TrendDirection, string> = { up: '▲', down: '▼', flat: '■' };

/** The trend in words, with an arrow and a colour as extras (never the only sign). */
export const Trend = ({ trend, label }: { trend: string; label?: string }) => {
  const { direction, words } = readTrend(trend);
  return (
    <p className={`trend trend-${direction}`}>
      <span aria-hidden="true">{ARROWS[direction]} </span>
      {label ? `${label}: ${words}` : words}
    </p>
  );
};
