import { parseArgs } from 'node:util';

/** A flag the command takes: `--name <value>` (string) or `--name` alone (boolean). */
export interface Flag {
  readonly type: 'string' | 'boolean';
  readonly short?: string;
}

export type FlagValues<T extends Readonly<Record<string, Flag>>> = {
  readonly [Name in keyof T]?: T[Name]['type'] extends 'string' ? string : boolean;
};

/**
 * A command's flags, parsed strictly before anything is opened: `--help` (or `-h`) prints the
 * usage and exits 0; an unknown flag, a flag without its value or a stray argument prints the
 * problem and the usage on stderr and exits 2. A leading `--` (as `pnpm <script> -- <flags>`
 * passes it on) is skipped.
 */
export const parseCommandLine = <const T extends Readonly<Record<string, Flag>>>(
  command: string,
  usage: string,
  flags: T,
  argv: readonly string[] = process.argv.slice(2),
): FlagValues<T> => {
  const args = argv[0] === '--' ? argv.slice(1) : [...argv];
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args,
      options: { ...flags, help: { type: 'boolean', short: 'h' } },
      strict: true,
      allowPositionals: false,
    }) as { values: Record<string, string | boolean | undefined> });
  } catch (error) {
    console.error(`${command}: ${error instanceof Error ? error.message : String(error)}\n${usage}`);
    process.exit(2);
  }
  if (values.help === true) {
    console.log(usage);
    process.exit(0);
  }
  return values as FlagValues<T>;
};
