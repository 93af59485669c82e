// The machine's floor for one case of bench/news-bench.mjs: a bare node:http server that answers
// every GET with the rows of one SQL statement, run as a named prepared statement on a pool of 4
// (as the app's pool), and nothing else: no session, no validation, no envelope. What the app
// costs above this is the app; what this costs above EXPLAIN ANALYZE is HTTP, the driver and the
// wake-ups between client, server and database on this machine.
//
//   DATABASE_URL=… PORT=3298 node bench/bare-server.mjs
//   POST / {"text": "SELECT …", "values": [...]}   sets the statement; GET / runs it.
import http from 'node:http';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 4 });
let statement = null;
let generation = 0;

const readBody = (req) =>
  new Promise((resolve, reject) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString()));
    req.on('error', reject);
  });

http
  .createServer(async (req, res) => {
    try {
      if (req.method === 'POST') {
        const { text, values } = JSON.parse(await readBody(req));
        generation += 1;
        statement = { name: `bare_${generation}`, text, values };
        res
          .writeHead(200, { 'content-type': 'application/json; charset=utf-8' })
          .end('{"code":200,"data":null}');
        return;
      }
      if (!statement) throw new Error('no statement set');
      const { rows } = await pool.query(statement);
      const body = JSON.stringify({ code: 200, data: rows });
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(body);
    } catch (error) {
      res
        .writeHead(500, { 'content-type': 'application/json; charset=utf-8' })
        .end(JSON.stringify({ code: 500, message: String(error.message) }));
    }
  })
  .listen(Number(process.env.PORT || 3298), '127.0.0.1');

process.on('SIGTERM', () => pool.end().finally(() => process.exit(0)));
