/** The `page` of a list's URL; what is malformed there reads as page 1 rather than being sent. */
export const pageOf = (params: URLSearchParams): number => {
  const page = Number(params.get('page') ?? '1');
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
};
