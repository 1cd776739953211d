import fs from 'node:fs';

/*
 * The embedded database's files are written by path: a server whose data folder is deleted and made again under
 * it (rm -rf data while it runs, then a new start) writes into the new folder, and its shutdown checkpoint then
 * points the new database at a log it does not have, so no later start can open it (PGlite aborts). The server
 * therefore watches that the folder it opened is still the one at its path, and stops touching it when not.
 */

export class DataDirReplacedError extends Error {
  constructor(readonly dir: string) {
    super(
      `The data folder ${dir} was removed or replaced while this server was using it. The server stops without writing to it, so that the folder now at that path stays intact; start the server again.`,
    );
  }
}

export class DataDirDamagedError extends Error {
  constructor(
    readonly dir: string,
    cause: unknown,
  ) {
    super(
      `The embedded database in the data folder ${dir} could not be opened (${cause instanceof Error ? cause.message : String(cause)}). It may be damaged (two servers writing to it at once do that) or made by another version of the embedded database. Move the folder aside to start with a new database, or put back a copy of it.`,
      { cause },
    );
  }
}

/** The folder's identity: the same path made again is another folder. */
const identity = (dir: string): string => {
  try {
    const s = fs.statSync(dir);
    return `${s.dev}:${s.ino}`;
  } catch {
    return '';
  }
};

export interface DataDirWatch {
  /** Throws DataDirReplacedError once the folder at the path is not the one opened. */
  check(): void;
  readonly lost: boolean;
  stop(): void;
}

/**
 * Watches the folder before each use and every second while idle (an idle server must not checkpoint into a
 * new folder when it is stopped later). onLost is called once.
 */
export function watchDataDir(
  dir: string,
  /** The folder the message names (the data folder, of which dir is the database's part). */
  shownAs: string,
  onLost: (err: DataDirReplacedError) => void,
  everyMs = 1000,
): DataDirWatch {
  const opened = identity(dir);
  let lost: DataDirReplacedError | null = null;
  const check = () => {
    if (lost) throw lost;
    if (identity(dir) === opened) return;
    lost = new DataDirReplacedError(shownAs);
    clearInterval(timer);
    onLost(lost);
    throw lost;
  };
  const timer = setInterval(() => {
    try {
      check();
    } catch {
      /* reported through onLost */
    }
  }, everyMs);
  timer.unref();
  return {
    check,
    get lost() {
      return lost !== null;
    },
    stop: () => clearInterval(timer),
  };
}

/** Whether a folder already holds a database (a failure to open it is then damage, not a failed creation). */
export const holdsDatabase = (pgdata: string): boolean => fs.existsSync(`${pgdata}/PG_VERSION`);
