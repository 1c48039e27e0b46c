// vitest globalSetup: makes sure dist/ (what bin/recipal.js runs) is built from the current src/
// before tests spawn the real command: builds only when a source file is newer than the build, once
// per test run, so spawned tests never run stale code and never pay for tsx start-up.
import { buildIfStale } from '../../scripts/build-if-stale.js';

export default function setup(): void {
  buildIfStale();
}
