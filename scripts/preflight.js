// Entry of the preflight (`npm test`, `npm start`). Plain JavaScript so that it runs on any Node,
// even before `npm ci` has installed the project's own Node 24 (which then runs the rest,
// scripts/preflight.ts, with its built-in TypeScript support).
import { existsSync } from 'node:fs';

const installed = existsSync(new URL('../node_modules/node/package.json', import.meta.url));
if (!installed || !process.features?.typescript) {
  console.error(installed
    ? `preflight: this is Node ${process.version}; run it through npm (npm test, npm start), whose scripts use the project's own Node 24.`
    : [
      'preflight: 1 missing prerequisite; nothing was run.',
      '',
      '  MISSING Node modules: not installed (the project brings its own Node 24 as a dependency; npm scripts run on it)',
      '            Debian/Ubuntu: npm ci   (needs any Node with npm: sudo apt-get install -y nodejs npm)',
      '            macOS:         npm ci   (needs any Node with npm: brew install node)',
    ].join('\n'));
  process.exit(1);
}
const { main } = await import('./preflight.ts');
process.exitCode = main(process.argv.slice(2));
