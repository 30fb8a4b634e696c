/** Every query key of the API keys feature, so a mutation can invalidate exactly what it changed. */
export const apiKeyKeys = {
  all: ['api-keys'] as const,
  list: () => [...apiKeyKeys.all, 'list'] as const,
};
