import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirDamagedError, DataDirReplacedError } from './data-dir.js';
import { openDatabase } from './index.js';

const config = (dataDir: string) => ({ databaseUrl: '', databasePoolSize: 1, databaseSchema: 'public', dataDir });
const dirs: string[] = [];
const newDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'eam-data-dir-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe('the embedded database folder', () => {
  it('is left alone by a server whose folder was removed and made again under it, so the new one still opens', async () => {
    const dataDir = newDir();
    const lost: DataDirReplacedError[] = [];
    const old = await openDatabase(config(dataDir), undefined, (err) => lost.push(err));
    await old.query('create table kept_before (x int)');

    // rm -rf data while the server runs, then a new start makes the folder again and writes to it.
    fs.rmSync(dataDir, { recursive: true, force: true });
    const fresh = await openDatabase(config(dataDir), undefined, () => undefined);
    await fresh.query('create table made_by_new (x int)');
    await fresh.query('insert into made_by_new values (42)');

    await expect(old.query('select 1')).rejects.toBeInstanceOf(DataDirReplacedError);
    await expect(old.transaction(async (tx) => tx.query('select 1'))).rejects.toThrow(dataDir);
    expect(await old.ping()).toBe(false);
    expect(lost).toHaveLength(1);
    // The old server stops last: without the watch its shutdown checkpoint went into the new folder, and the
    // new database could not be opened again (PGlite aborted).
    await fresh.close();
    await old.close();

    const again = await openDatabase(config(dataDir));
    try {
      expect((await again.query<{ x: number }>('select x from made_by_new')).rows).toEqual([{ x: 42 }]);
    } finally {
      await again.close();
    }
  }, 60_000);

  it('notices the loss while idle, without a query', async () => {
    const dataDir = newDir();
    let heard: Error | null = null;
    const db = await openDatabase(config(dataDir), undefined, (err) => {
      heard = err;
    });
    try {
      fs.renameSync(dataDir, `${dataDir}-moved`);
      dirs.push(`${dataDir}-moved`);
      await expect.poll(() => heard, { timeout: 3000 }).toBeInstanceOf(DataDirReplacedError);
    } finally {
      await db.close();
    }
  }, 30_000);

  it('refuses a damaged database naming its folder, and leaves the folder unlocked', async () => {
    const dataDir = newDir();
    const pg = await PGlite.create(path.join(dataDir, 'pgdata'));
    await pg.close();
    const control = path.join(dataDir, 'pgdata', 'global', 'pg_control');
    fs.writeFileSync(control, Buffer.alloc(fs.statSync(control).size, 7));

    const opened = openDatabase(config(dataDir));
    await expect(opened).rejects.toBeInstanceOf(DataDirDamagedError);
    await expect(opened).rejects.toThrow(`data folder ${dataDir} could not be opened`);
    expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(false);
  }, 30_000);
});
