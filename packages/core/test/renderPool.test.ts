import { afterEach, describe, expect, it } from "@jest/globals";
import {
  createRenderPool,
  INLINE_BUDGET_MS,
  INLINE_LIMITS,
  InlineRenders,
  RenderBusy,
  RenderOverruns,
  type RenderPool,
  TemplateRenderError,
} from "@svc/core";

/** A large table (under the text conversion's input limit) whose conversion to text takes several times 200 ms here. */
const SLOW_TEXT_PAGE = `<table>${`<tr>${"<td>a b</td>".repeat(24)}</tr>`.repeat(3_000)}</table>`;

/**
 * The render pool (packages/core/src/templates/renderPool.ts): renders in worker threads, each
 * within its budget, and one workspace's slow renders do not hold up another's.
 */

let pool: RenderPool | null = null;
afterEach(async () => {
  await pool?.close();
  pool = null;
});

const XS = Array.from({ length: 1000 }, (_, i) => i);
/** A billion turns of nested loops over a list: LiquidJS runs them until the budget stops them. */
const BOMB = {
  subject: "s",
  html: "{% for a in xs %}{% for b in xs %}{% for c in xs %}{% endfor %}{% endfor %}{% endfor %}",
  text: "t",
  layoutHtml: null,
};
const HELLO = { subject: "Hi {{ name }}", html: "<p>Hi {{ name }}</p>", text: null, layoutHtml: null };

/** A small published version: rendered inline, on the event loop (inlineRenders.ts). */
const hello = (workspaceId: string, name: string) =>
  pool!.render({ workspaceId, cacheKey: "tpl_hello:1", sources: HELLO, variables: { name } });
/** The same as a draft: never inline, always a worker's. */
const helloInPool = (workspaceId: string, name: string) =>
  pool!.render({ workspaceId, cacheKey: null, sources: HELLO, variables: { name } });

/** Renders in parallel until every worker has started (from source, a worker's start takes a while). */
async function warm(threads: number): Promise<void> {
  await Promise.all(Array.from({ length: threads * 2 }, (_, n) => helloInPool(`warm-${n}`, "warm")));
}

describe("the render pool", () => {
  it("renders subject, HTML and the text derived from the HTML, off the event loop", async () => {
    pool = createRenderPool();
    const rendered = await helloInPool("ws_a", "<Ann>");
    expect(rendered).toEqual({ subject: "Hi <Ann>", html: "<p>Hi &lt;Ann&gt;</p>", text: "Hi <Ann>" });
    expect(pool.counts()).toEqual({ inline: 0, abandoned: 0, pooled: 1 });
  });

  it("a render bomb of workspace A fails with its budget named, while workspace B's renders complete meanwhile", async () => {
    pool = createRenderPool({ threads: 2, budgetMs: 4_000 });
    await warm(2);
    let bombEnded = false;
    const bomb = pool
      .render({ workspaceId: "ws_a", cacheKey: null, sources: BOMB, variables: { xs: XS } })
      .then(
        () => null,
        (error: unknown) => error,
      )
      .finally(() => {
        bombEnded = true;
      });
    for (let n = 0; n < 20; n++) {
      expect((await helloInPool("ws_b", `B${n}`)).html).toBe(`<p>Hi B${n}</p>`);
      expect((await hello("ws_b", `B${n}`)).html).toBe(`<p>Hi B${n}</p>`);
      expect(bombEnded).toBe(false);
    }
    const failure = await bomb;
    expect(failure).toBeInstanceOf(TemplateRenderError);
    expect((failure as Error).message).toBe("html: the render took longer than its budget of 4000 ms");
  });

  it("a render the worker does not end by itself (a long text conversion) is stopped past its budget; the pool renders on", async () => {
    pool = createRenderPool({ threads: 1, budgetMs: 200 });
    await warm(1);
    const page = SLOW_TEXT_PAGE;
    const failure = await pool
      .render({
        workspaceId: "ws_a",
        cacheKey: null,
        sources: { subject: "s", html: "{{ page | raw }}", text: null, layoutHtml: null },
        variables: { page },
      })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(failure).toBeInstanceOf(TemplateRenderError);
    expect((failure as Error).message).toMatch(/took longer than its budget of 200 ms/);
    expect((await helloInPool("ws_b", "after")).subject).toBe("Hi after");
  });

  it("renders of one workspace go to a worker together; when one of them runs past its budget, the others are rendered all the same", async () => {
    pool = createRenderPool({ threads: 1, budgetMs: 200, workspaceMaxWaitMs: 60_000 });
    await warm(1);
    const page = SLOW_TEXT_PAGE;
    const slow = { subject: "s", html: "{{ page | raw }}", text: null, layoutHtml: null };
    const settled = await Promise.allSettled([
      helloInPool("ws_a", "one"),
      pool.render({ workspaceId: "ws_a", cacheKey: null, sources: slow, variables: { page } }),
      helloInPool("ws_a", "two"),
      helloInPool("ws_a", "three"),
    ]);
    expect(settled.map((result) => result.status)).toEqual(["fulfilled", "rejected", "fulfilled", "fulfilled"]);
    expect(settled.flatMap((result) => (result.status === "fulfilled" ? [result.value.subject] : []))).toEqual([
      "Hi one",
      "Hi two",
      "Hi three",
    ]);
    // Stopped by the pool, or failed by the worker's own clock: which comes first depends on the machine's speed.
    expect(String((settled[1] as PromiseRejectedResult).reason.message)).toMatch(/budget of 200 ms/);
  });

  it("a workspace past its render time a minute is refused with RenderBusy and a wait; another workspace is not", async () => {
    pool = createRenderPool({ threads: 2, budgetMs: 300, workspaceCpuMsPerMinute: 200 });
    await warm(2);
    await expect(pool.render({ workspaceId: "ws_a", cacheKey: null, sources: BOMB, variables: { xs: XS } })).rejects.toThrow(
      TemplateRenderError,
    );
    const refused = await hello("ws_a", "again").then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(RenderBusy);
    expect((refused as RenderBusy).retryAfterMs).toBeGreaterThan(0);
    expect((await hello("ws_b", "fine")).subject).toBe("Hi fine");
  });

  it("a published version that runs past its budget three times in a row fails at once afterwards, without a thread; other versions and drafts still render", async () => {
    pool = createRenderPool({ threads: 1, budgetMs: 100, workspaceCpuMsPerMinute: 60_000, workspaceMaxWaitMs: 60_000 });
    await warm(1);
    const bomb = (cacheKey: string | null) =>
      pool!.render({ workspaceId: "ws_a", cacheKey, sources: BOMB, variables: { xs: XS } }).then(
        () => null,
        (error: unknown) => error as TemplateRenderError,
      );
    for (let n = 0; n < 3; n++) {
      const failure = await bomb("tpl_bomb:1");
      expect(failure?.message).toMatch(/took longer than its budget of 100 ms/);
      expect(failure?.overBudget).toBe(true);
    }
    const startedAt = performance.now();
    const held = await bomb("tpl_bomb:1");
    expect(performance.now() - startedAt).toBeLessThan(50);
    expect(held).toBeInstanceOf(TemplateRenderError);
    expect(held?.message).toMatch(
      /ran past its render budget of 100 ms on its last renders; its renders fail without running until \d{4}-/,
    );
    // Another version of the same workspace, and a draft, still run.
    expect((await pool.render({ workspaceId: "ws_a", cacheKey: "tpl_bomb:2", sources: HELLO, variables: { name: "v2" } })).subject).toBe(
      "Hi v2",
    );
    expect((await bomb(null))?.message).toMatch(/took longer than its budget/);
  });
});

describe("inline renders (inlineRenders.ts)", () => {
  /** Runs `render` and measures how long it held the event loop (an inline attempt runs before the promise is returned). */
  const timed = <T>(render: () => Promise<T>) => {
    const startedAt = performance.now();
    const answer = render().then(
      (content) => ({ content, error: null }),
      (error: unknown) => ({ content: null, error: error as Error }),
    );
    return { heldLoopMs: performance.now() - startedAt, answer };
  };

  it("a small published version renders on the event loop, without a worker", async () => {
    // Room enough that a render preempted on a busy machine still finishes inline: the time
    // budget is the next test's subject, not this one's.
    pool = createRenderPool({ inline: { budgetMs: 1_000, loopBurstMs: 10_000 } });
    expect(await hello("ws_a", "<Ann>")).toEqual({ subject: "Hi <Ann>", html: "<p>Hi &lt;Ann&gt;</p>", text: "Hi <Ann>" });
    const ownText = { ...HELLO, text: "Hi {{ name }}, in text" };
    const page = "<p>a b</p>".repeat(4_000); // 40 KB: over the conversion bound, but the version has its own text
    const rendered = await pool.render({
      workspaceId: "ws_a",
      cacheKey: "tpl_text:1",
      sources: { ...ownText, html: "{{ page | raw }}" },
      variables: { name: "Bo", page },
    });
    expect(rendered.text).toBe("Hi Bo, in text");
    expect(pool.counts()).toEqual({ inline: 2, abandoned: 0, pooled: 0 });
  });

  it("a bomb's inline attempts stop within their few ms; the pool then fails each with its full budget, and after three in a row the version is held (it neither runs inline nor takes a thread)", async () => {
    pool = createRenderPool({ threads: 1, budgetMs: 200, workspaceCpuMsPerMinute: 60_000, workspaceMaxWaitMs: 60_000 });
    await warm(1);
    await hello("ws_b", "warm"); // the event loop's first inline render also warms the engine, outside any budget
    // On a busy machine that render may itself be preempted past the inline budget: what follows
    // counts from here.
    const base = pool.counts();
    const bomb = () => pool!.render({ workspaceId: "ws_a", cacheKey: "tpl_bomb:1", sources: BOMB, variables: { xs: XS } });
    for (let attempt = 1; attempt <= INLINE_LIMITS.overrunsInARow; attempt++) {
      const pooledBefore = pool.counts().pooled;
      const run = timed(bomb);
      // Far below the pool's 200 ms budget: the attempt stopped at its own few ms (plus, the first
      // time, the bomb's compile), whatever else the machine is doing.
      expect(run.heldLoopMs).toBeLessThan(INLINE_BUDGET_MS + 95);
      const failure = (await run.answer).error;
      expect(failure).toBeInstanceOf(TemplateRenderError);
      expect(failure?.message).toBe("html: the render took longer than its budget of 200 ms");
      expect(pool.counts()).toMatchObject({ inline: base.inline, abandoned: base.abandoned + attempt, pooled: pooledBefore + 1 });
    }
    const countsBefore = pool.counts();
    const afterwards = timed(bomb);
    expect(afterwards.heldLoopMs).toBeLessThan(2);
    expect((await afterwards.answer).error?.message).toMatch(/ran past its render budget of 200 ms on its last renders/);
    expect(pool.counts()).toEqual(countsBefore);
  });

  it("a version with large sources, and an HTML-only version whose HTML is too large to convert here, render in the pool", async () => {
    pool = createRenderPool();
    const large = { ...HELLO, html: `<p>Hi {{ name }}</p><p>${"x".repeat(17 * 1024)}</p>` };
    const rendered = await pool.render({ workspaceId: "ws_a", cacheKey: "tpl_large:1", sources: large, variables: { name: "Al" } });
    expect(rendered.subject).toBe("Hi Al");
    expect(pool.counts()).toEqual({ inline: 0, abandoned: 0, pooled: 1 });

    const page = `<p>${"ab ".repeat(12_000)}</p>`; // 36 KB of HTML to convert, in one paragraph (quick to convert)
    const htmlOnly = { subject: "s", html: "{{ page | raw }}", text: null, layoutHtml: null };
    const converted = await pool.render({ workspaceId: "ws_a", cacheKey: "tpl_page:1", sources: htmlOnly, variables: { page } });
    expect(converted.text.startsWith("ab ab ab")).toBe(true);
    expect(pool.counts()).toEqual({ inline: 0, abandoned: 1, pooled: 2 });
  });

  it("a template's own error fails inline with the pool's message, without a second attempt", async () => {
    pool = createRenderPool({ inline: { budgetMs: 1_000, loopBurstMs: 10_000 } });
    const broken = { ...HELLO, html: "<p>{{ name | no_such_filter }}</p>" };
    const inlineFailure = await pool
      .render({ workspaceId: "ws_a", cacheKey: "tpl_broken:1", sources: broken, variables: { name: "x" } })
      .then(
        () => null,
        (error: unknown) => error as Error,
      );
    expect(pool.counts()).toEqual({ inline: 1, abandoned: 0, pooled: 0 });
    const poolFailure = await pool.render({ workspaceId: "ws_a", cacheKey: null, sources: broken, variables: { name: "x" } }).then(
      () => null,
      (error: unknown) => error as Error,
    );
    expect(inlineFailure).toBeInstanceOf(TemplateRenderError);
    expect(inlineFailure?.message).toBe(poolFailure?.message);
    expect(pool.counts()).toEqual({ inline: 1, abandoned: 0, pooled: 1 });
  });

  it("a workspace past its render time is refused before an inline attempt; another workspace still renders inline", async () => {
    pool = createRenderPool({ threads: 1, budgetMs: 100, workspaceCpuMsPerMinute: 50 });
    await warm(1);
    await expect(pool.render({ workspaceId: "ws_a", cacheKey: "tpl_bomb:1", sources: BOMB, variables: { xs: XS } })).rejects.toThrow(
      TemplateRenderError,
    );
    const inlineBefore = pool.counts().inline;
    await expect(hello("ws_a", "again")).rejects.toBeInstanceOf(RenderBusy);
    expect(pool.counts().inline).toBe(inlineBefore);
    expect((await hello("ws_b", "fine")).subject).toBe("Hi fine");
    expect(pool.counts().inline).toBe(inlineBefore + 1);
  });
});

describe("InlineRenders", () => {
  const item = (html: string) => ({ cacheKey: `tpl_${html.length}:1`, sources: { ...HELLO, html }, variables: { name: "x" } });

  it("abandons a render past its memory bound (a worker's is larger) and does not try that version again for a while", () => {
    const inline = new InlineRenders();
    const wide = item("{% for i in (1..2000000) %}{% endfor %}");
    expect(inline.attempt(wide)?.kind).toBe("abandoned");
    expect(inline.attempt(wide)).toBeNull();
    expect(inline.attempt(item("<p>{{ name }}</p>"))?.kind).toBe("rendered");
  });

  it("tries a pool-only version inline again once its mark ends (the budget is wall time: a preempted cheap version gets another try)", async () => {
    const inline = new InlineRenders({ ...INLINE_LIMITS, poolOnlyMs: 50 });
    const wide = item("{% for i in (1..2000000) %}{% endfor %}");
    expect(inline.attempt(wide)?.kind).toBe("abandoned");
    expect(inline.attempt(wide)).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(inline.attempt(wide)?.kind).toBe("abandoned");
  });

  it("sends a version to the pool for its time only after three inline renders in a row past the budget (one may be preemption)", () => {
    const inline = new InlineRenders({ ...INLINE_LIMITS, budgetMs: 0.000_001 });
    const version = item("<p>{{ name }}</p>");
    expect(inline.attempt(version)?.kind).toBe("abandoned");
    expect(inline.attempt(version)?.kind).toBe("abandoned");
    expect(inline.attempt(version)?.kind).toBe("abandoned");
    expect(inline.attempt(version)).toBeNull();
  });

  it("a render that finishes inline forgets the version's earlier overruns", () => {
    let budgetMs = 0.000_001;
    const inline = new InlineRenders({
      ...INLINE_LIMITS,
      get budgetMs() {
        return budgetMs;
      },
    });
    const version = item("<p>{{ name }}</p>");
    expect(inline.attempt(version)?.kind).toBe("abandoned");
    expect(inline.attempt(version)?.kind).toBe("abandoned");
    budgetMs = 1_000;
    expect(inline.attempt(version)?.kind).toBe("rendered");
    budgetMs = 0.000_001;
    expect(inline.attempt(version)?.kind).toBe("abandoned");
    expect(inline.attempt(version)?.kind).toBe("abandoned");
    expect(inline.attempt(version)?.kind).toBe("abandoned");
    expect(inline.attempt(version)).toBeNull();
  });

  it("leaves renders to the pool once inline renders have taken their share of the event loop", () => {
    const inline = new InlineRenders({ ...INLINE_LIMITS, loopBurstMs: 0.000_001, loopShare: 0 });
    expect(inline.attempt(item("<p>{{ name }}</p>"))).not.toBeNull();
    expect(inline.attempt(item("<p>{{ name }}!</p>"))).toBeNull();
  });
});

describe("RenderOverruns", () => {
  it("holds a version after its limit of overruns in a row, forgets them when one render finishes, and lets it run again once the hold ends", () => {
    const overruns = new RenderOverruns({ inARow: 2, holdMs: 1_000, maxVersions: 2 });
    overruns.record("v", true, 0);
    overruns.record("v", false, 1);
    overruns.record("v", true, 2);
    expect(overruns.heldUntil("v", 3)).toBeNull();
    overruns.record("v", true, 4);
    expect(overruns.heldUntil("v", 5)?.getTime()).toBe(1_004);
    expect(overruns.heldUntil("v", 1_004)).toBeNull();
    // The oldest version is forgotten past maxVersions.
    overruns.record("w", true, 10);
    overruns.record("x", true, 11);
    expect(overruns.heldUntil("v", 12)).toBeNull();
  });
});
