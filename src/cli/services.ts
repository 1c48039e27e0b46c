// The services the commands run, loaded when a command runs rather than when `recipal` starts: every
// command is registered at start (for `--help`), and `recipal serve`'s cluster primary, which runs no
// service, would otherwise hold them all in memory (72 MB against ~45; BENCHMARKS.md).
export const accountsService = () => import('../services/accounts/index.js');
export const historyService = () => import('../services/history/index.js');
export const ingredientsService = () => import('../services/ingredients/index.js');
export const spreadsheetsService = () => import('../services/spreadsheets/index.js');
export const usdaService = () => import('../services/usda/index.js');
