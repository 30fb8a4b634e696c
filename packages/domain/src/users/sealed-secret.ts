/** The master-key id a sealed value names (the text before its first `:`; empty when none). */
export const keyIdOfSealed = (sealed: string): string => sealed.slice(0, Math.max(0, sealed.indexOf(':')));
