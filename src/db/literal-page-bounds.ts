// SQLite: LIMIT and OFFSET values written into the statement's text instead of bound. SQLite plans a
// statement by a bound LIMIT's value, so binding one expires the statement and SQLite prepares it
// again at every run: an empty page of GET /v1/ingredients ran in 16.7 µs bound against 1.0 µs
// written in, a page of ten rows 64 against 47 µs (measured on the statement alone, session 9). Only
// safe integers are written in (they come from pagination, parsed and bounded, or from the code);
// anything else stays a parameter. The statement caches then hold one text per page size and offset
// asked for, each prepared once.
import {
  type KyselyPlugin,
  type LimitNode,
  type OffsetNode,
  OperationNodeTransformer,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
  ValueNode,
  type OperationNode,
} from 'kysely';

const literal = (node: OperationNode): OperationNode =>
  ValueNode.is(node) && !node.immediate && Number.isSafeInteger(node.value) ? ValueNode.createImmediate(node.value) : node;

class PageBoundsInText extends OperationNodeTransformer {
  protected override transformLimit(node: LimitNode): LimitNode {
    return super.transformLimit({ ...node, limit: literal(node.limit) });
  }

  protected override transformOffset(node: OffsetNode): OffsetNode {
    return super.transformOffset({ ...node, offset: literal(node.offset) });
  }
}

export class LiteralPageBoundsPlugin implements KyselyPlugin {
  readonly #transformer = new PageBoundsInText();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.#transformer.transformNode(args.node);
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}
