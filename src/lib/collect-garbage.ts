// V8's `gc`, for code that must return memory at known moments (render threads, memory tests),
// without starting Node with --expose-gc: the flag set at run time exposes `gc` to a fresh context
// only, so nothing else in the process can call it.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

export type CollectGarbage = (options?: { type: 'minor' | 'major' }) => void;

export function garbageCollector(): CollectGarbage {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as CollectGarbage;
}
