// After `vite build`: writes Brotli and gzip copies of the text assets, served as-is by the server.
import { readdirSync, readFileSync, writeFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';

const dist = process.argv[2];
let count = 0;
function walk(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path);
    else if (/\.(js|mjs|css|html|svg|json|wasm|txt)$/.test(name) && statSync(path).size > 1024) {
      const data = readFileSync(path);
      writeFileSync(`${path}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 10 } }));
      writeFileSync(`${path}.gz`, gzipSync(data, { level: 9 }));
      count++;
    }
  }
}
walk(dist);
console.log(`compressed ${count} assets`);
