import type { Config } from '../../config.js';
import type { ServiceContext } from '../../services/context.js';

/** What route plugins receive. Feature issues add members here (render pool, limiter...). */
export interface RouteDeps {
  ctx: ServiceContext;
  config: Config;
}
