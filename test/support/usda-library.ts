// A test app whose public library holds what a bakery imports: USDA SR28 and the 2023 Foundation
// foods (../shared/data), imported as `recipal import usda-sr` and `recipal import usda` do.
import { expect } from 'vitest';
import type { Dialect } from '../../src/db/schema.js';
import { importSr28, importUsda } from '../../src/services/usda/index.js';
import { createTestApp, type TestApp } from './app.js';
import { F2023, SR28 } from './usda-data.js';

export async function appWithLibrary(kind: Dialect, parts: { sr28: boolean; foundation: boolean }): Promise<TestApp> {
  const t = await createTestApp(kind);
  if (parts.sr28) expect((await importSr28(t.ctx, { dir: SR28 })).ok).toBe(true);
  if (parts.foundation) expect((await importUsda(t.ctx, { source: F2023 })).ok).toBe(true);
  return t;
}
