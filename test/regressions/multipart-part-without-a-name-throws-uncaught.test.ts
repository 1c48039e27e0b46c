// Found by the hostile input suite (npm run fuzz, seed 20261124): a multipart body with a part whose
// name is empty (busboy reports it as no name at all) threw an uncaught TypeError on every route, and the request hung.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';

const BODY =
  '--fuzzboundary\r\nContent-Disposition: form-data; name="name"\r\n\r\nFuzzed copy\r\n' +
  '--fuzzboundary\r\nContent-Disposition: form-data; name=""\r\n\r\n\r\n--fuzzboundary--\r\n';

describe.each(databaseKinds())('an empty multipart field name on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  it.each(['/v1/ingredients/0/copy', '/v1/ingredients', '/v1/recipes'])(
    'POST %s answers in the error shape or succeeds, never throws',
    async (url) => {
      const uncaught: unknown[] = [];
      const onError = (error: unknown) => uncaught.push(error);
      process.on('uncaughtException', onError);
      try {
        const res = await t.app.inject({
          method: 'POST',
          url,
          headers: { authorization: `Token token=${t.accountA.key}`, 'content-type': 'multipart/form-data; boundary=fuzzboundary' },
          payload: BODY,
        });
        expect(res.statusCode).toBeLessThan(500);
        if (res.statusCode >= 400) expect(res.json()).toMatchObject({ error: expect.any(String), request_id: expect.any(String) });
      } finally {
        process.off('uncaughtException', onError);
      }
      expect(uncaught).toEqual([]);
    },
  );
});
