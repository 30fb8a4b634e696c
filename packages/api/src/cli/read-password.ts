import { createInterface } from 'node:readline';

/** Everything on standard input (a pipe or a file), first line only. */
const readStdinLine = async (): Promise<string> => {
  let text = '';
  for await (const chunk of process.stdin) text += String(chunk);
  return text.split(/\r?\n/)[0] ?? '';
};

/** Asks on the terminal without echoing what is typed. */
const promptHidden = (question: string): Promise<string> =>
  new Promise((resolve) => {
    const output = process.stderr;
    const terminal = createInterface({ input: process.stdin, output, terminal: true });
    const mutable = terminal as unknown as { _writeToOutput: (text: string) => void };
    let asked = false;
    mutable._writeToOutput = (text: string) => {
      // The question is written once; what the user types is not.
      if (!asked) output.write(text);
      asked = true;
    };
    terminal.question(question, (answer) => {
      output.write('\n');
      terminal.close();
      resolve(answer);
    });
  });

/**
 * The admin password, never from the command line (visible in `ps` and shell history): from
 * ADMIN_PASSWORD, from standard input when it is piped, or from a no-echo prompt on a terminal.
 */
export const readPassword = async (): Promise<string> => {
  const fromEnv = process.env.ADMIN_PASSWORD;
  if (fromEnv) return fromEnv;
  if (!process.stdin.isTTY) return readStdinLine();
  return promptHidden('Password for the new admin: ');
};
