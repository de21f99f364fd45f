export {
  type CompiledTemplate,
  compileTemplate,
  type RenderedContent,
  TEMPLATE_LIMITS,
  TemplateRenderError,
  type TemplateSources,
} from "./engine.ts";
export { cachedTemplateRenderer, type TemplateRenderer, type TemplateToRender } from "./renderer.ts";
export { type PinnedTemplate, pinTemplates, type TemplateRequest, templateField } from "./sending.ts";
export * from "./service.ts";
export { VARIABLE_LIMITS, VARIABLE_TYPES, type VariableDeclaration, type VariableType } from "./variables.ts";
