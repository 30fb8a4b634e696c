/**
 * The environment of a child process a test starts: only what finds programs and the home
 * directory, plus what the test sets, so nothing leaks in from the developer's shell.
 */
export const childEnv = (extra: Readonly<Record<string, string>> = {}): Record<string, string> => ({
  PATH: process.env.PATH ?? '',
  HOME: process.env.HOME ?? '',
  ...extra,
});
