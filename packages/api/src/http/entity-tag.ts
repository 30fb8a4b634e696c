/** A strong entity tag for a version token (RFC 9110 §8.8.3): the token between quotes. */
export const entityTagOf = (version: string): string => `"${version}"`;

/**
 * Whether an If-None-Match header names `version`, weakly or strongly (a GET compares weakly,
 * §13.1.2); `*` names any current answer.
 */
export const ifNoneMatchNames = (header: string | undefined, version: string): boolean =>
  header?.split(',').some((part) => {
    const tag = part.trim();
    return tag === '*' || /^(?:W\/)?"([^"]*)"$/.exec(tag)?.[1] === version;
  }) ?? false;

/**
 * Lets a shared cache (a CDN) keep the answer but ask again every time, with If-None-Match, so a
 * change is visible at once and an unchanged answer costs a 304.
 */
export const REVALIDATE_EVERY_TIME = 'public, no-cache';
