import fs from 'node:fs';
import path from 'node:path';
import { type BlobStore, checkKey, isTenantKey } from './blob-store.js';

/** Files in a folder (the data folder of the embedded default, or a folder every instance mounts). */
export function folderStore(root: string): BlobStore {
  const at = (tenantId: number, key: string) => {
    checkKey(tenantId, key);
    return path.join(root, key);
  };
  return {
    kind: 'folder',
    async put(tenantId, key, data) {
      const target = at(tenantId, key);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      await fs.promises.writeFile(target, data, { flag: 'wx' });
    },
    async putFile(tenantId, key, file) {
      const target = at(tenantId, key);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      try {
        await fs.promises.rename(file, target);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
        await fs.promises.copyFile(file, target);
        await fs.promises.rm(file, { force: true });
      }
    },
    async open(tenantId, key) {
      if (!isTenantKey(tenantId, key)) return null;
      const file = path.join(root, key);
      const stat = await fs.promises.stat(file).catch(() => null);
      if (!stat?.isFile()) return null;
      return { size: stat.size, stream: fs.createReadStream(file) };
    },
    async remove(tenantId, key) {
      await fs.promises.rm(at(tenantId, key), { force: true });
    },
    async close() {},
  };
}
