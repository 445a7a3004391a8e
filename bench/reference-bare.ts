/**
 * The bare reference of `npm run bench`: node:http and pg, one primary-key SELECT per request,
 * no framework. Env: DATABASE_URL, PORT (0: a free one; the port is printed as `listening <port>`).
 */
import { createServer } from 'node:http';
import { Pool } from 'pg';

const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const server = createServer((req, res) => {
  pool.query('SELECT id, name, api_token FROM projects WHERE id = $1', [1]).then(
    (r) => {
      const body = JSON.stringify(r.rows[0] ?? null);
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) });
      res.end(body);
    },
    (e: unknown) => {
      res.writeHead(500);
      res.end(String(e));
    },
  );
});
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`listening ${typeof address === 'object' && address ? address.port : ''}\n`);
});
process.on('SIGTERM', () => {
  server.close();
  void pool.end().then(() => process.exit(0));
});
