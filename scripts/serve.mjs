// A plain static file server for www/: no COOP/COEP or other special headers, just
// like any static host. Usage: node scripts/serve.mjs [port] [root]
//
// It sends `Access-Control-Allow-Origin: *`, as GitHub Pages, Netlify and most CDNs
// do for static files. Embedding a figure in a page of another origin needs it: the
// browser fetches module scripts, the .wasm and the workers' imports with CORS.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8', '.wasm': 'application/wasm', '.json': 'application/json', '.png': 'image/png',
  '.svg': 'image/svg+xml', '.ts': 'text/plain; charset=utf-8', '.txt': 'text/plain; charset=utf-8', '.ico': 'image/x-icon',
};

export function serve(root, port = 0) {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://localhost');
    let file = path.join(root, decodeURIComponent(url.pathname));
    if (!file.startsWith(root)) { res.writeHead(403).end(); return; }
    if (fs.existsSync(file) && fs.statSync(file).isDirectory()) file = path.join(file, 'index.html');
    fs.readFile(file, (err, body) => {
      if (err) { res.writeHead(404, { 'content-type': 'text/plain' }).end('not found'); return; }
      res.writeHead(200, {
        'content-type': TYPES[path.extname(file)] || 'application/octet-stream', 'cache-control': 'no-cache',
        'access-control-allow-origin': '*',
      });
      res.end(body);
    });
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const port = Number(process.argv[2] || 8080);
  const root = path.resolve(process.argv[3] || path.join(here, '..', 'www'));
  const server = await serve(root, port);
  console.log(`landform site: http://localhost:${server.address().port}/  (serving ${root}; Ctrl-C to stop)`);
}
