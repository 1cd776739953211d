import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { StreamingSheet } from '../../server/src/platform/excel/write.js';
import type { RunningServer } from './server.js';

export interface FileFigures {
  rows: number;
  seconds: number;
  /** Resident memory of the server process before the operation and its peak during it (MB). */
  rssBeforeMb: number;
  peakRssMb: number;
}

interface Envelope<T> {
  rtnCode: number;
  msg?: string;
  data: T;
  count?: number;
}

async function call<T>(server: RunningServer, token: string, method: string, url: string, body?: unknown) {
  const r = await fetch(server.url + url, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await r.json()) as Envelope<T>;
  if (r.status !== 200 || json.rtnCode !== 200)
    throw new Error(`${method} ${url}: ${r.status} ${JSON.stringify(json).slice(0, 300)}`);
  return json;
}

/** Exports every equipment row of the tenant to .xlsx (the export job) and waits for the file. */
export async function exportEquipment(server: RunningServer, token: string): Promise<FileFigures> {
  const total = (await call<unknown[]>(server, token, 'GET', '/api-manage/equipment/page?page=1&limit=1')).count ?? 0;
  const rssBeforeMb = server.rssMb();
  server.resetPeak();
  const started = performance.now();
  const queued = await call<{ id: number }>(server, token, 'POST', '/api-manage/equipment/exportexcel', {});
  for (;;) {
    const list = await call<{ id: number; filepath: string | null; error: string | null }[]>(
      server,
      token,
      'GET',
      '/api-core/download/page?page=1&limit=50',
    );
    const row = list.data.find((d) => Number(d.id) === queued.data.id);
    if (row?.error) throw new Error(`export failed: ${row.error}`);
    if (row?.filepath) break;
    if (performance.now() - started > 600_000) throw new Error('export not ready after 10 minutes');
    await new Promise((r) => setTimeout(r, 100));
  }
  return { rows: total, seconds: (performance.now() - started) / 1000, rssBeforeMb, peakRssMb: server.peakRssMb() };
}

/**
 * Imports `rows` new equipment from an .xlsx file with the template's headers (codes, workshop by code,
 * line, status and importance by their Chinese names, as a person fills the template in).
 */
export async function importEquipment(
  server: RunningServer,
  token: string,
  rows: number,
  place: { workshopCode: string; lineName: string },
): Promise<FileFigures> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'eam-bench-import-')), 'import.xlsx');
  const header = ['编号*', '名称*', '型号', '所属车间', '所属产线', '状态', '重要等级', '购置日期', '原值（元）'];
  const sheet = new StreamingSheet(
    file,
    '设备台账',
    header.map((h) => ({ header: h })),
  );
  const tag = Date.now().toString(36).toUpperCase();
  for (let i = 1; i <= rows; i++)
    sheet.add([
      `IMP-${tag}-${String(i).padStart(5, '0')}`,
      `焊接机器人（导入）${i}#`,
      'R-2000iC',
      place.workshopCode,
      place.lineName,
      '运行',
      'B类（重要）',
      `2023-${String((i % 12) + 1).padStart(2, '0')}-15`,
      380_000 + (i % 100) * 100,
    ]);
  await sheet.close();
  const form = new FormData();
  form.append('file', new Blob([fs.readFileSync(file)]), 'import.xlsx');
  const rssBeforeMb = server.rssMb();
  server.resetPeak();
  const started = performance.now();
  const r = await fetch(`${server.url}/api-manage/equipment/importexcel`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const seconds = (performance.now() - started) / 1000;
  const json = (await r.json()) as Envelope<{ count: number }>;
  fs.rmSync(path.dirname(file), { recursive: true, force: true });
  if (json.rtnCode !== 200) throw new Error(`import failed: ${JSON.stringify(json).slice(0, 500)}`);
  return { rows: json.data.count, seconds, rssBeforeMb, peakRssMb: server.peakRssMb() };
}
