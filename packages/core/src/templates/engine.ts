import { compile as compileHtmlToText } from "html-to-text";
import { Liquid, type Template } from "liquidjs";
import { SEND_LIMITS } from "../emails/input.ts";

/**
 * Templates are written by tenants, so the engine is LiquidJS: a template is data, never code
 * (no JavaScript expressions or helpers a template could define, unlike Handlebars or EJS), it
 * reads only the variables' own properties, and it has DoS limits of its own (parse length,
 * render time, memory, render count). It is configured here to read nothing from disk
 * (`include`/`render`/`layout` look in an empty in-memory map; layouts come from our database),
 * to HTML-escape every output of the HTML part unless the author writes `| raw`, and to refuse
 * unknown filters.
 */
export const TEMPLATE_LIMITS = {
  /** Subject, HTML and text sources together (UTF-16 units, LiquidJS's `parseLimit`). */
  maxSourceLength: 512 * 1024,
  /**
   * A whole render's time (ms) by default: every part, the layout and the text conversion
   * together. Renders run in worker threads (renderPool.ts), so this is the worker's busy time.
   */
  renderMs: 500,
  /** Tags, outputs and text pieces rendered in one part (LiquidJS's `templateLimit`). */
  maxRenders: 100_000,
  /** Objects, strings and arrays a part's render may create (LiquidJS's `memoryLimit`). */
  memory: 10_000_000,
  /** The rendered html and text together, as for a posted email. */
  maxOutputBytes: SEND_LIMITS.maxBodyPartsBytes,
} as const;

const common = {
  templates: {},
  strictFilters: true,
  ownPropertyOnly: true,
  parseLimit: TEMPLATE_LIMITS.maxSourceLength,
  renderLimit: TEMPLATE_LIMITS.renderMs,
  memoryLimit: TEMPLATE_LIMITS.memory,
  cache: false,
} as const;

/**
 * The text part made from the HTML when the template has none. Its input is bounded by the output
 * limit and its nesting by maxDepth (deeper content is cut, as a reader would not follow it);
 * its time counts against the render's budget. Compiled once: compiling the options costs more
 * than converting a short email.
 */
const htmlToText = compileHtmlToText({
  wordwrap: 100,
  limits: { maxInputLength: TEMPLATE_LIMITS.maxOutputBytes, maxDepth: 64 },
});

const htmlEngine = new Liquid({ ...common, outputEscape: "escape" });
/** Subject and text are not HTML: escaping would show `&amp;` to the reader. */
const plainEngine = new Liquid(common);

/** A template's parts whose render failed (a limit, a filter error, output too large): the message says which. */
export class TemplateRenderError extends Error {
  constructor(
    message: string,
    /** The render ran past its time budget (rather than failing on what the template says). */
    readonly overBudget = false,
  ) {
    super(message);
    this.name = "TemplateRenderError";
  }
}

export interface TemplateSources {
  subject: string;
  html: string;
  text: string | null;
  /** Wraps the HTML: `{{ content }}` is where the template's rendered HTML goes. */
  layoutHtml: string | null;
}

/**
 * Tighter bounds for a render on the event loop (inlineRenders.ts) than a worker's. Going past
 * one says nothing about the template, only that this render must run in a worker instead: the
 * render throws OutsideRenderBounds rather than a TemplateRenderError.
 */
export interface RenderBounds {
  /** LiquidJS's `memoryLimit` per part, below TEMPLATE_LIMITS.memory (a single filter call is not interruptible; this caps its work). */
  memory: number;
  /** The largest rendered HTML converted to text here (the conversion cannot be stopped once begun). */
  maxConvertedHtmlBytes: number;
}

/** A render went past the RenderBounds it was given: render it again without them. */
export class OutsideRenderBounds extends Error {
  constructor(message: string) {
    super(message);
    this.name = "OutsideRenderBounds";
  }
}

export interface RenderedContent {
  subject: string;
  html: string;
  text: string;
}

export interface CompiledTemplate {
  /**
   * Renders synchronously within `budgetMs` for all parts together (a render past it fails; it is
   * not tried again). Call it off the event loop (see renderPool.ts), or with `bounds` that keep
   * it short (inlineRenders.ts).
   */
  render(variables: Record<string, unknown>, subjectSource?: string, budgetMs?: number, bounds?: RenderBounds): RenderedContent;
  /** The top-level variable names the subject, HTML and text read (not the layout's). */
  usedVariables(): string[];
}

/** `{{ content }}` in a layout is the already escaped HTML of the template: written as is. */
const CONTENT_OUTPUT = /\{\{-?\s*content\s*-?\}\}/g;

function parse(engine: Liquid, part: string, source: string): Template[] {
  try {
    return engine.parse(source);
  } catch (error) {
    throw new TemplateRenderError(`${part}: ${messageOf(error)}`);
  }
}

/** Parses every part once; throws TemplateRenderError naming the part that does not parse. */
export function compileTemplate(sources: TemplateSources): CompiledTemplate {
  const total = sources.subject.length + sources.html.length + (sources.text?.length ?? 0) + (sources.layoutHtml?.length ?? 0);
  if (total > TEMPLATE_LIMITS.maxSourceLength)
    throw new TemplateRenderError(`the template is over ${TEMPLATE_LIMITS.maxSourceLength} characters`);
  const subject = parse(plainEngine, "subject", sources.subject);
  const html = parse(htmlEngine, "html", sources.html);
  const text = sources.text === null ? null : parse(plainEngine, "text", sources.text);
  const layout =
    sources.layoutHtml === null ? null : parse(htmlEngine, "layout", sources.layoutHtml.replace(CONTENT_OUTPUT, "{{ content | raw }}"));
  return {
    usedVariables() {
      const names = [subject, html, ...(text ? [text] : [])].flatMap((parts) => plainEngine.globalVariablesSync(parts));
      return [...new Set(names)];
    },
    render(variables, subjectSource, budgetMs = TEMPLATE_LIMITS.renderMs, bounds) {
      const deadline = performance.now() + budgetMs;
      const limits = { deadline, budgetMs, memory: bounds?.memory ?? TEMPLATE_LIMITS.memory };
      const subjectParts =
        subjectSource === undefined || subjectSource === sources.subject ? subject : parse(plainEngine, "subject", subjectSource);
      const renderedSubject = renderPart(plainEngine, "subject", subjectParts, variables, limits)
        .replace(/[\r\n]+/g, " ")
        .trim();
      if (renderedSubject.length === 0) throw new TemplateRenderError("subject: renders empty");
      if (renderedSubject.length > SEND_LIMITS.maxSubjectLength)
        throw new TemplateRenderError(`subject: renders over ${SEND_LIMITS.maxSubjectLength} characters`);
      let renderedHtml = renderPart(htmlEngine, "html", html, variables, limits);
      if (layout) renderedHtml = renderPart(htmlEngine, "layout", layout, { ...variables, content: renderedHtml }, limits);
      const htmlBytes = Buffer.byteLength(renderedHtml);
      checkOutputSize(htmlBytes);
      if (!text && bounds && htmlBytes > bounds.maxConvertedHtmlBytes)
        throw new OutsideRenderBounds(`the html to convert to text is over ${bounds.maxConvertedHtmlBytes} bytes`);
      const renderedText = text ? renderPart(plainEngine, "text", text, variables, limits) : htmlToText(renderedHtml);
      if (performance.now() > deadline)
        throw new TemplateRenderError(`text: the render took longer than its budget of ${budgetMs} ms`, true);
      checkOutputSize(Buffer.byteLength(renderedHtml) + Buffer.byteLength(renderedText));
      return { subject: renderedSubject, html: renderedHtml, text: renderedText };
    },
  };
}

function checkOutputSize(bytes: number): void {
  if (bytes > TEMPLATE_LIMITS.maxOutputBytes) {
    throw new TemplateRenderError(`the rendered html and text are over ${TEMPLATE_LIMITS.maxOutputBytes / (1024 * 1024)} MB`);
  }
}

/** The start of LiquidJS's message when a render ran past `renderLimit`. */
const OVER_TIME = "template render limit exceeded";
/** The start of LiquidJS's message when a render ran past `memoryLimit`. */
const OVER_MEMORY = "memory alloc limit exceeded";

/**
 * Renders one part synchronously with what is left of the render's time: nothing a template does
 * waits for I/O, and an async render would only let other work's turns count against its time.
 */
function renderPart(
  engine: Liquid,
  part: string,
  parsed: Template[],
  variables: Record<string, unknown>,
  { deadline, budgetMs, memory }: { deadline: number; budgetMs: number; memory: number },
): string {
  const left = Math.floor(deadline - performance.now());
  if (left <= 0) throw new TemplateRenderError(`${part}: the render took longer than its budget of ${budgetMs} ms`, true);
  try {
    return String(
      engine.renderSync(parsed, variables, {
        templateLimit: TEMPLATE_LIMITS.maxRenders,
        renderLimit: left,
        memoryLimit: memory,
      }),
    );
  } catch (error) {
    const message = messageOf(error);
    if (message.startsWith(OVER_TIME))
      throw new TemplateRenderError(`${part}: the render took longer than its budget of ${budgetMs} ms`, true);
    if (message.startsWith(OVER_MEMORY) && memory < TEMPLATE_LIMITS.memory) throw new OutsideRenderBounds(`${part}: ${message}`);
    throw new TemplateRenderError(`${part}: ${message}`);
  }
}

/** LiquidJS's message without its source excerpt (the first line says what and where). */
function messageOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split("\n")[0]!.slice(0, 500);
}
