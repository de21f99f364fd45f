import { afterEach, describe, expect, it, jest } from "@jest/globals";
import { compileTemplate, TEMPLATE_LIMITS, TemplateRenderError } from "@svc/core";

/**
 * The template engine's time budget (packages/core/src/templates/engine.ts) covers a whole render
 * and is read by LiquidJS from `performance.now()`; here that clock is made to jump to see what
 * fails. Renders run in worker threads (renderPool.test.ts), so a render past its budget is not
 * tried again.
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

  it("a render past its budget fails at once, naming the part and the budget: it is not tried again", async () => {
    const template = compileTemplate(SOURCES);
    clockJumping(3, TEMPLATE_LIMITS.renderMs + 100, 1);
    const failure = await Promise.resolve()
      .then(() => template.render(VARIABLES))
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(failure).toBeInstanceOf(TemplateRenderError);
    expect((failure as Error).message).toMatch(
      new RegExp(`^(subject|html): the render took longer than its budget of ${TEMPLATE_LIMITS.renderMs} ms`),
    );
  });

  it("a render that fails for another reason fails with that reason", async () => {
    const template = compileTemplate({ ...SOURCES, html: "<p>{% include 'header' %}</p>" });
    expect(() => template.render(VARIABLES)).toThrow(/^html: .*header/);
  });
});
