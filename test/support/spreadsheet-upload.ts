// Sends a spreadsheet to POST /v1/imports as multipart/form-data (what `curl -F file=@x.csv` sends).
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from './app.js';

export interface UploadOptions {
  kind: string;
  dryRun?: boolean;
  filename?: string;
  key?: string;
}

export function multipartBody(
  fields: Record<string, string>,
  file: { name: string; data: Buffer | string } | null,
): { body: Buffer; contentType: string } {
  const boundary = `----recipal${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
    );
    parts.push(Buffer.isBuffer(file.data) ? file.data : Buffer.from(file.data));
    parts.push(Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

export function uploadSheet(t: TestApp, data: Buffer | string, options: UploadOptions): Promise<LightMyRequestResponse> {
  const fields: Record<string, string> = { kind: options.kind };
  if (options.dryRun !== undefined) fields.dry_run = String(options.dryRun);
  const { body, contentType } = multipartBody(fields, { name: options.filename ?? 'sheet.csv', data });
  return t.app.inject({
    method: 'POST',
    url: '/v1/imports',
    headers: { authorization: `Token token=${options.key ?? t.accountA.key}`, 'content-type': contentType },
    payload: body,
  });
}
