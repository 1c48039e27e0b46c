// Where the studio's templates and static files are: beside this module, in src/ when run from the
// sources and in dist/ when built (scripts/copy-assets.js copies them there).
import { fileURLToPath } from 'node:url';

export const VIEWS_DIR = fileURLToPath(new URL('./views/', import.meta.url));
export const PUBLIC_DIR = fileURLToPath(new URL('./public/', import.meta.url));
