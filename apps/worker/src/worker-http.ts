import { createServer, Server } from 'node:http';
import { metrics } from '@app/platform';

/**
 * The worker serves no API, only what operators scrape: GET /_health (the process is up) and
 * GET /_metrics (Prometheus text: the batch's metrics and Node's default metrics).
 */
export function startWorkerHttp(port: number): Promise<Server> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method === 'GET' && path === '/_health') {
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"status":"ok"}');
    } else if (req.method === 'GET' && path === '/_metrics') {
      metrics.render().then(
        (text) => res.writeHead(200, { 'Content-Type': metrics.contentType }).end(text),
        () => res.writeHead(500).end(),
      );
    } else {
      res
        .writeHead(404, { 'Content-Type': 'application/json' })
        .end('{"type":"invalid_request","code":"not_found","detail":"Not found.","attr":null}');
    }
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}
