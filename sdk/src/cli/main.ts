#!/usr/bin/env node
/** The `mailroom` bin. */
import { main } from './program.js';

// Output piped into a reader that stops early (`mailroom --help | head`) is no error.
process.stdout.on('error', (e: NodeJS.ErrnoException) => { if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0); else throw e; });

process.exitCode = await main(process.argv);
