// The version of the code whose rules built an approved label and drew its files, kept with the
// approval (docs/api.md#history): the approval is never rebuilt, and this says which rules it was built by.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
// src/services/history and dist/services/history are both three levels below the package root.
const { name, version } = require('../../../package.json') as { name: string; version: string };

export const RULES_VERSION = `${name}@${version}`;
