export {
  DIFF_LIMITS,
  type DiffLine,
  diffTemplateSources,
  diffTemplateVersions,
  parseTemplateSide,
  type TemplateDiff,
  type TemplatePartDiff,
  type TemplateSide,
} from "./diff.ts";
export {
  type CompiledTemplate,
  compileTemplate,
  OutsideRenderBounds,
  type RenderBounds,
  type RenderedContent,
  TEMPLATE_LIMITS,
  TemplateRenderError,
  type TemplateSources,
} from "./engine.ts";
export { INLINE_BUDGET_MS, INLINE_LIMITS, type InlineOutcome, InlineRenders } from "./inlineRenders.ts";
export { cachedTemplateRenderer, type TemplateRenderer, type TemplateToRender } from "./renderer.ts";
export { RenderOverruns } from "./renderOverruns.ts";
export {
  createRenderPool,
  RENDER_POOL_DEFAULTS,
  RenderBusy,
  type RenderCounts,
  type RenderPool,
  type RenderPoolOptions,
  type RenderRequest,
} from "./renderPool.ts";
export { type PinnedTemplate, pinTemplates, type TemplateRequest, templateField } from "./sending.ts";
export * from "./service.ts";
export { sendTemplateTest, TEMPLATE_TEST_SENDS, type TemplateTestSend } from "./testSend.ts";
export {
  type ParsedVariableRows,
  parseVariableRows,
  type VariableRow,
  type VariableRowErrors,
  type VariableRowField,
  valueText,
  variableRowsOf,
} from "./variableRows.ts";
export { VARIABLE_LIMITS, VARIABLE_TYPES, type VariableDeclaration, type VariableType } from "./variables.ts";
