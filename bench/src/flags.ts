/** The command line of a bench script: `--name value` flags, bare switches, and the line as typed. */
export function commandLine(argv = process.argv.slice(2)) {
  return {
    flag(name: string, fallback: string): string {
      const i = argv.indexOf(`--${name}`);
      return i >= 0 && argv[i + 1] ? argv[i + 1]! : fallback;
    },
    has: (name: string) => argv.includes(`--${name}`),
    /** `npm run <script> -- <flags>` as it was run, for a report's header. */
    command: (script: string) => `npm run ${script}${argv.length ? ` -- ${argv.join(' ')}` : ''}`,
  };
}
