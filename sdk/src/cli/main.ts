#!/usr/bin/env node
/** The `mailroom` bin. */
import { main } from './program.js';

process.exitCode = await main(process.argv);
