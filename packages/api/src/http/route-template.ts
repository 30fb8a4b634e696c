/** A route's path without its parameters' regexes (`:id(^...$)` reads `:id`), as metrics and documents name it. */
export const routeTemplate = (url: string): string => url.replace(/(:\w+)\(.*?\)(?=\/|$)/g, '$1');
