/**
 * The least an HTTP server does for a page, for bench:cpu: one Fastify route that replays recorded statements in one
 * transaction through the product's database layer (the same driver, pool and prepared statements) and answers the
 * last statement's rows in the envelope, serialized by Fastify without a schema. No token, no permission, no query
 * building, no row finishing. Run as its own process, as the server is:
 * node --import tsx bench/src/bare-route.ts STATEMENTS.json SCHEMA PORT (prints "listening" when it answers).
 */
import fs from 'node:fs';
import Fastify from 'fastify';
import { openDatabase } from '../../server/src/db/index.js';
import type { Statement } from './raw-sql.js';
import { benchPgUrl } from './server.js';

const [file, schema, port] = process.argv.slice(2);
const statements = JSON.parse(fs.readFileSync(file!, 'utf8')) as Statement[];
const prelude = statements.find((s) => s.prelude)?.sql;
const body = statements.filter((s) => !s.prelude);
const db = await openDatabase({ databaseUrl: benchPgUrl, databasePoolSize: 20, databaseSchema: schema!, dataDir: '' });
const app = Fastify({ logger: false });
app.get('/page', () =>
  db.transaction(async (tx) => {
    let rows: unknown[] = [];
    for (const s of body) rows = (await tx.query(s.sql, s.params)).rows;
    return { rtnCode: 200, msg: 'success', data: rows, count: rows.length };
  }, prelude),
);
await app.listen({ port: Number(port), host: '127.0.0.1' });
console.log('listening');
