// What `npm run bench history` times inside real writes (node:diagnostics_channel tracing channels;
// with no subscriber a trace is one flag check): the whole history step of a write, and each load of
// a recipe's tree within it, the load the write would otherwise make to answer (resultAfterWrite).
import { tracingChannel } from 'node:diagnostics_channel';

export const historyStepChannel = tracingChannel<unknown, object>('recipal:history-step');
export const historyTreeLoadChannel = tracingChannel<unknown, object>('recipal:history-tree-load');
