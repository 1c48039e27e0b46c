// Entry point of the label engine: recipe nutrition + settings -> the label as data (docs/api.md#label-data).
// Pure: no I/O; every rounding in decimal arithmetic. The request (markets.ts labelRequest) carries the
// market, whose builder makes the label in the five steps of shared/label-steps.ts.
import type { LabelRequest } from './market.js';
import { labelRequest } from './markets.js';
import type { LabelInput, LabelOptions } from './shared/label-input.js';
import { startLabel } from './shared/label-steps.js';
import type { LabelModel } from './shared/model.js';

export type { LabelInput, LabelSettings, LabelOptions } from './shared/label-input.js';

/** The label of a request (or of a language and format, resolved here: the engine called on its own, as in tests). */
export function buildLabel(input: LabelInput, request: LabelRequest | LabelOptions): LabelModel {
  const resolvedRequest = resolved(request);
  return resolvedRequest.market.build(startLabel(input, resolvedRequest));
}

function resolved(request: LabelRequest | LabelOptions): LabelRequest {
  if ('market' in request) return request;
  const check = labelRequest(request.language, request.format);
  // Callers validate first (labelRequest); reaching here with a bad pair is a programming error.
  if (!check.ok) throw new RangeError(check.message);
  return check.request;
}
