import { parseArgs } from 'node:util';

/**
 * The command's flags and positionals, parsed strictly before any work starts: `--help` (or
 * `-h`) prints the usage and exits 0; an unknown flag, too many arguments or a flag without its
 * value prints the problem and the usage on stderr and exits 2. A leading `--` (as
 * `pnpm <script> -- <arguments>` passes it on) is skipped.
 */
export const parseCommandLine = (
  command: string,
  usage: string,
  booleanFlags: readonly string[],
  maxPositionals: number,
): { readonly flags: ReadonlySet<string>; readonly positionals: readonly string[] } => {
  const argv = process.argv.slice(2);
  const refuse = (problem: string): never => {
    console.error(`${command}: ${problem}\n${usage}`);
    process.exit(2);
  };
  let parsed: { values: Record<string, unknown>; positionals: string[] };
  try {
    parsed = parseArgs({
      args: argv[0] === '--' ? argv.slice(1) : argv,
      options: {
        ...Object.fromEntries(booleanFlags.map((flag) => [flag, { type: 'boolean' as const }])),
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: maxPositionals > 0,
    });
  } catch (error) {
    return refuse(error instanceof Error ? error.message : String(error));
  }
  if (parsed.values.help === true) {
    console.log(usage);
    process.exit(0);
  }
  if (parsed.positionals.length > maxPositionals)
    refuse(`too many arguments: ${parsed.positionals.join(' ')}`);
  return {
    flags: new Set(Object.keys(parsed.values).filter((flag) => parsed.values[flag] === true)),
    positionals: parsed.positionals,
  };
};
