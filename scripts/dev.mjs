#!/usr/bin/env node
// `npm run dev`: the API with hot reload on port 3001 and the Vite dev server on port 3000, which
// proxies API paths to it. Stops both on Ctrl-C.
import concurrently from 'concurrently';

const { result } = concurrently(
  [
    {
      name: 'api',
      command: 'npm run dev -w @auxilio/api',
      env: { PORT: '3001' },
      prefixColor: 'blue',
    },
    { name: 'web', command: 'npm run dev -w @auxilio/web', prefixColor: 'magenta' },
  ],
  { killOthersOn: ['failure', 'success'] },
);
console.log('Auxilio dev: open http://localhost:3000/?brand=connect');
await result.catch(() => process.exit(1));
