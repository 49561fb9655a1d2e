#!/usr/bin/env node
/** The `mailroom` bin. */
import { main } from './program.ts';

process.exitCode = await main(process.argv);
