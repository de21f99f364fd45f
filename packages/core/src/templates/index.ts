export { compileTemplate, TEMPLATE_LIMITS, TemplateRenderError, type CompiledTemplate, type RenderedContent, type TemplateSources } from "./engine.ts";
export { cachedTemplateRenderer, type TemplateRenderer, type TemplateToRender } from "./renderer.ts";
export { pinTemplates, templateField, type PinnedTemplate, type TemplateRequest } from "./sending.ts";
export * from "./service.ts";
export { VARIABLE_LIMITS, VARIABLE_TYPES, type VariableDeclaration, type VariableType } from "./variables.ts";
