/**
 * How deep objects and arrays may nest in a JSON body or WebSocket frame. The deepest body the
 * API takes nests 3 levels (an order's `products[].productId`); the margin is for clients, the
 * limit for every recursive reader after the parser.
 */
export const MAX_JSON_DEPTH = 32;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPENERS = new Set([0x7b, 0x5b]);
const CLOSERS = new Set([0x7d, 0x5d]);

/**
 * Whether JSON text nests objects and arrays deeper than `limit`: one pass over the text before it
 * is parsed, with a counter instead of recursion, so no depth can overflow the stack.
 */
export const nestsDeeperThan = (text: string, limit: number): boolean => {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === BACKSLASH) index += 1;
      else if (char === QUOTE) inString = false;
    } else if (char === QUOTE) {
      inString = true;
    } else if (OPENERS.has(char)) {
      depth += 1;
      if (depth > limit) return true;
    } else if (CLOSERS.has(char)) {
      depth -= 1;
    }
  }
  return false;
};
