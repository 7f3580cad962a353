#!/usr/bin/env node
'use strict';
const { main } = require('../dist/headless/cli.js');
main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e) => {
    // Expected errors (bad usage, files that cannot be read or written) are messages of their
    // own; this is a bug. One line, and the stack only when asked for.
    const detail = process.env.PRAETOR_DEBUG ? `\n${(e && e.stack) || e}` : '';
    process.stderr.write(
      `praetor: internal error: ${(e && e.message) || e}` +
        ` (please report it; PRAETOR_DEBUG=1 shows the details)${detail}\n`,
    );
    process.exitCode = 1;
  },
);
