// Where a FoodData Central release is read from: a folder of CSV files, the release ZIP as USDA
// distributes it, or an http(s) URL of that ZIP (downloaded to a temporary file first, so a broken
// download never reaches the database).
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';

/** An expected failure of an import (bad source, bad file): its message is shown as is. */
export class UsdaImportError extends Error {}

export interface ReleaseFiles {
  /** What the user named: folder path, ZIP path or URL (release dates are read from it). */
  label: string;
  has(file: string): boolean;
  /** Uncompressed size in bytes, for progress. */
  size(file: string): number;
  open(file: string): Promise<Readable>;
  close(): Promise<void>;
}

export interface DownloadProgress {
  received: number;
  /** Content-Length, when the server sent one. */
  total: number | null;
}

export interface SourceEvents {
  onDownload?(progress: DownloadProgress): void;
  onDownloaded?(info: { url: string; bytes: number; sha256: string }): void;
}

const key = (name: string) => basename(name).toLowerCase();

async function folderFiles(path: string): Promise<ReleaseFiles> {
  const found = new Map<string, { path: string; size: number }>();
  const scan = async (dir: string, depth: number) => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      // USDA's ZIPs hold one inner folder ("foundation apr 2023/"); an unzipped copy keeps it.
      if (entry.isDirectory() && depth === 0) await scan(full, 1);
      else if (entry.isFile() && entry.name.toLowerCase().endsWith('.csv') && !found.has(key(entry.name))) {
        found.set(key(entry.name), { path: full, size: (await stat(full)).size });
      }
    }
  };
  await scan(path, 0);
  return {
    label: path,
    has: (file) => found.has(key(file)),
    size: (file) => found.get(key(file))?.size ?? 0,
    open: async (file) => {
      const entry = found.get(key(file));
      if (!entry) throw new UsdaImportError(`${file} is not in ${path}`);
      return createReadStream(entry.path);
    },
    close: async () => {},
  };
}

async function zipFiles(path: string, label: string, cleanup: () => Promise<void> = async () => {}): Promise<ReleaseFiles> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.openPromise(path, { lazyEntries: true, autoClose: false });
  } catch (error) {
    await cleanup();
    throw new UsdaImportError(`${label} is not a readable ZIP file (${(error as Error).message})`);
  }
  const entries = new Map<string, yauzl.Entry>();
  try {
    for await (const entry of zip.eachEntry()) {
      if (entry.fileName.endsWith('/') || entry.fileName.startsWith('__MACOSX/')) continue;
      if (entry.fileName.toLowerCase().endsWith('.csv') && !entries.has(key(entry.fileName))) entries.set(key(entry.fileName), entry);
    }
  } catch (error) {
    zip.close();
    await cleanup();
    throw new UsdaImportError(`${label} is a damaged ZIP file (${(error as Error).message})`);
  }
  return {
    label,
    has: (file) => entries.has(key(file)),
    size: (file) => entries.get(key(file))?.uncompressedSize ?? 0,
    open: async (file) => {
      const entry = entries.get(key(file));
      if (!entry) throw new UsdaImportError(`${file} is not in ${label}`);
      return zip.openReadStreamPromise(entry);
    },
    close: async () => {
      zip.close();
      await cleanup();
    },
  };
}

const MAX_REDIRECTS = 5;
const TIMEOUT_MS = 30_000;

function get(url: string, redirects = 0): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const client = url.startsWith('https:') ? https : http;
    const request = client.get(url, { timeout: TIMEOUT_MS }, (response) => {
      const status = response.statusCode ?? 0;
      if (status >= 300 && status < 400 && response.headers.location) {
        response.resume();
        if (redirects >= MAX_REDIRECTS) reject(new UsdaImportError(`${url}: too many redirects`));
        else get(new URL(response.headers.location, url).toString(), redirects + 1).then(resolve, reject);
        return;
      }
      if (status < 200 || status >= 300) {
        response.resume();
        reject(new UsdaImportError(`${url} answered HTTP ${status} ${response.statusMessage ?? ''}`.trim()));
        return;
      }
      resolve(response);
    });
    request.on('timeout', () => request.destroy(new Error(`no answer within ${TIMEOUT_MS / 1000} s`)));
    request.on('error', (error) =>
      reject(error instanceof UsdaImportError ? error : new UsdaImportError(`could not download ${url}: ${error.message}`)),
    );
  });
}

async function downloadedFiles(url: string, events: SourceEvents): Promise<ReleaseFiles> {
  const dir = await mkdtemp(join(tmpdir(), 'recipal-usda-'));
  const cleanup = () => rm(dir, { recursive: true, force: true });
  const file = join(dir, 'release.zip');
  try {
    const response = await get(url);
    const length = Number(response.headers['content-length']);
    const total = Number.isFinite(length) && length > 0 ? length : null;
    const hash = createHash('sha256');
    let received = 0;
    response.on('data', (chunk: Buffer) => {
      received += chunk.length;
      hash.update(chunk);
      events.onDownload?.({ received, total });
    });
    try {
      await pipeline(response, createWriteStream(file));
    } catch (error) {
      throw new UsdaImportError(`download of ${url} broke off after ${received} bytes: ${(error as Error).message}`);
    }
    if (total !== null && received !== total) throw new UsdaImportError(`download of ${url} is incomplete: ${received} of ${total} bytes`);
    events.onDownloaded?.({ url, bytes: received, sha256: hash.digest('hex') });
  } catch (error) {
    await cleanup();
    throw error;
  }
  return zipFiles(file, url, cleanup);
}

/** Opens SOURCE: an http(s) URL, a .zip file or a folder. */
export async function openReleaseFiles(source: string, events: SourceEvents = {}): Promise<ReleaseFiles> {
  if (/^https?:\/\//i.test(source)) return downloadedFiles(source, events);
  let info: Awaited<ReturnType<typeof stat>>;
  try {
    info = await stat(source);
  } catch {
    throw new UsdaImportError(`${source}: no such file or folder`);
  }
  if (info.isDirectory()) return folderFiles(source);
  return zipFiles(source, source);
}

/** The release's own files first, then the separately shipped lookups (2021 Foundation + Supporting Data). */
export function combineFiles(primary: ReleaseFiles, supporting: ReleaseFiles | null): ReleaseFiles {
  if (!supporting) return primary;
  const pick = (file: string) => (primary.has(file) ? primary : supporting);
  return {
    label: primary.label,
    has: (file) => primary.has(file) || supporting.has(file),
    size: (file) => pick(file).size(file),
    open: (file) => pick(file).open(file),
    close: async () => {
      await primary.close();
      await supporting.close();
    },
  };
}
