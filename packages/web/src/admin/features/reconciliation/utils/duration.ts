/** How long a run took, from the API's start and finish instants, in seconds or minutes and seconds. */
export const durationOf = (startedAt: string, finishedAt: string): string => {
  const seconds = Math.max(0, (Date.parse(finishedAt) - Date.parse(startedAt)) / 1000);
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  const minutes = Math.floor(seconds / 60);
  return `${minutes} min ${Math.round(seconds - minutes * 60)} s`;
};
