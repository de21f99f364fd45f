import { afterEach, describe, expect, it, jest } from "@jest/globals";
import { compileTemplate, TEMPLATE_LIMITS, TemplateRenderError } from "@svc/core";

/**
 * The template engine's time limit (packages/core/src/templates/engine.ts) is wall time, read by
 * LiquidJS from `performance.now()`; here that clock is made to jump, as a garbage collection or
 * a stalled process makes it jump, to see which renders fail.
 */

const SOURCES = {
  subject: "Hi {{ name }}",
  html: "<p>Hi {{ name }}</p>{% for item in items %}<p>{{ item }}</p>{% endfor %}",
  text: null,
  layoutHtml: null,
};
const VARIABLES = { name: "Ann", items: ["one", "two", "three"] };

afterEach(() => {
  jest.restoreAllMocks();
});

/** From the `at`-th reading of the clock on, every reading is `jumpMs` later than the one before it would have been. */
function clockJumping(at: number, jumpMs: number, times: number): void {
  const realNow = performance.now.bind(performance);
  let readings = 0;
  let jumped = 0;
  let offset = 0;
  jest.spyOn(performance, "now").mockImplementation(() => {
    readings += 1;
    if (readings >= at && jumped < times) {
      jumped += 1;
      offset += jumpMs;
    }
    return realNow() + offset;
  });
}

describe("a template's render time limit", () => {
  it("renders as usual when nothing stalls", async () => {
    const rendered = await compileTemplate(SOURCES).render(VARIABLES);
    expect(rendered.html).toBe("<p>Hi Ann</p><p>one</p><p>two</p><p>three</p>");
    expect(rendered.subject).toBe("Hi Ann");
  });

  it("a single stall past the limit during a render fails nothing: that render is tried once more", async () => {
    const template = compileTemplate(SOURCES);
    clockJumping(3, TEMPLATE_LIMITS.renderMs + 100, 1);
    const rendered = await template.render(VARIABLES);
    expect(rendered.html).toBe("<p>Hi Ann</p><p>one</p><p>two</p><p>three</p>");
  });

  it("a render past the limit twice in a row fails, naming the part and the limit", async () => {
    const template = compileTemplate(SOURCES);
    clockJumping(1, TEMPLATE_LIMITS.renderMs + 100, Number.POSITIVE_INFINITY);
    const failure = await template.render(VARIABLES).then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(TemplateRenderError);
    expect((failure as Error).message).toMatch(/^subject: template render limit exceeded/);
  });

  it("a render that fails for another reason fails with that reason", async () => {
    const template = compileTemplate({ ...SOURCES, html: "<p>{% include 'header' %}</p>" });
    await expect(template.render(VARIABLES)).rejects.toThrow(/^html: .*header/);
  });
});
