// The OpenAPI document gave 58 operations a summary but only 3 a description and none an example, so
// /docs could not show a newcomer what to send or what comes back. Every operation of the document
// the real app serves now has a summary, a description, an example of each path and query
// parameter and of its body, and an example of its main success response; every example in the
// document validates against its own schema. A new route fails here until it is documented: the
// description goes on the route (`schema.description`), the examples on its TypeBox schemas
// (`examples: [...]`, src/http/resources).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';
import {
  examplesOf,
  exampleValidator,
  openapiDocument,
  operationsOf,
  schemasWithExamples,
  mainStatusOf,
  type DocumentedOperation,
  type Json,
} from '../support/openapi-document.js';

describe('every operation of the OpenAPI document is documented', () => {
  let t: TestApp;
  let document: Json;
  let operations: DocumentedOperation[];
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    document = await openapiDocument(t.app);
    operations = operationsOf(document);
  });
  afterAll(async () => {
    await t.close();
  });

  it('finds the operations', () => {
    expect(operations.length).toBeGreaterThan(50);
  });

  it('gives each a summary and a description that says more than the summary', () => {
    const lacking = operations
      .filter(
        ({ operation }) =>
          !operation.summary?.trim() || !(operation.description?.trim().length >= 60) || operation.description === operation.summary,
      )
      .map((o) => o.key);
    expect(lacking).toEqual([]);
  });

  it('gives each path and query parameter an example', () => {
    const lacking = operations.flatMap(({ key, operation }) =>
      (operation.parameters ?? [])
        .filter((p: Json) => (p.in === 'path' || p.in === 'query') && examplesOf(p).length === 0)
        .map((p: Json) => `${key} ${p.in} ${p.name}`),
    );
    expect(lacking).toEqual([]);
  });

  it('gives each request body an example, in every content type', () => {
    const lacking = operations.flatMap(({ key, operation }) =>
      Object.entries<Json>(operation.requestBody?.content ?? {})
        .filter(([, media]) => examplesOf(media).length === 0)
        .map(([type]) => `${key} ${type}`),
    );
    expect(lacking).toEqual([]);
  });

  it('gives each main response (its success) a description and an example, in every content type', () => {
    const lacking = operations.flatMap(({ key, operation }) => {
      const status = mainStatusOf(operation);
      if (!status) return [`${key}: no main response`];
      if (!operation.responses[status].description || operation.responses[status].description === 'Default Response')
        return [`${key} ${status}: no description`];
      const content = operation.responses[status].content ?? {};
      if (Object.keys(content).length === 0) return [`${key} ${status}: no content`];
      return Object.entries<Json>(content)
        .filter(([, media]) => examplesOf(media).length === 0)
        .map(([type]) => `${key} ${status} ${type}`);
    });
    expect(lacking).toEqual([]);
  });

  it('validates every example against its own schema', () => {
    const check = exampleValidator(document);
    const failures: string[] = [];
    const checkAll = (where: string, holder: Json) => {
      for (const example of examplesOf(holder)) {
        const problem = holder.schema ? check(holder.schema, example) : null;
        if (problem) failures.push(`${where}: ${problem}`);
      }
    };
    let checked = 0;
    for (const { key, operation } of operations) {
      for (const p of operation.parameters ?? []) checkAll(`${key} ${p.in} ${p.name}`, p);
      for (const [type, media] of Object.entries<Json>(operation.requestBody?.content ?? {})) checkAll(`${key} body ${type}`, media);
      for (const [status, response] of Object.entries<Json>(operation.responses ?? {})) {
        for (const [type, media] of Object.entries<Json>(response.content ?? {})) checkAll(`${key} ${status} ${type}`, media);
      }
    }
    // Examples on schemas themselves (a member's, or a component's): each against the schema that holds it.
    for (const { where, schema } of schemasWithExamples({ paths: document.paths, components: document.components }, '#')) {
      const { examples, example, ...rest } = schema;
      for (const value of [...(Array.isArray(examples) ? examples : []), ...('example' in schema ? [example] : [])]) {
        checked++;
        const problem = check(rest, value);
        if (problem) failures.push(`${where}: ${problem}`);
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(0);
  });
});
