import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// The web console: built into apps/console/dist, which the API serves at `/` (apps/api/src/console.ts).
// JSX goes through Vite's own transformer (oxc), with React's automatic runtime.
const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  root: here('.'),
  base: '/',
  publicDir: here('public'),
  oxc: { jsx: { runtime: 'automatic' } },
  build: {
    outDir: here('dist'),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    reportCompressedSize: true,
  },
  server: { proxy: { '/api': 'http://localhost:8000' } },
});
