/** The query keys of the admin's mail preferences, so a save can replace exactly what it changed. */
export const mailPreferenceKeys = {
  all: ['mail-preferences'] as const,
};
