/**
 * Reads the Prometheus text exposition format strictly enough for tests: every line is a HELP or
 * TYPE comment or a sample `name{label="value",…} number`, or parsing throws. (The parser on
 * npm, parse-prometheus-text-format, drops the labels of labelled histograms.) Histogram series
 * are kept as their `_bucket`, `_sum` and `_count` samples.
 */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Family {
  name: string;
  type: string;
  help: string;
  samples: Sample[];
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+-?\d+)?$/;
const LABEL = /\s*([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"\s*(?:,|$)/y;
const SUFFIXES = ["_bucket", "_sum", "_count", "_total", "_created"];

export function parseMetrics(text: string): Map<string, Family> {
  const families = new Map<string, Family>();
  const family = (name: string) => {
    let found = families.get(name);
    if (!found) {
      found = { name, type: "untyped", help: "", samples: [] };
      families.set(name, found);
    }
    return found;
  };
  for (const line of text.split("\n")) {
    if (line.trim() === "") continue;
    const meta = /^# (HELP|TYPE) (\S+) ?(.*)$/.exec(line);
    if (meta) {
      if (meta[1] === "TYPE") family(meta[2]!).type = meta[3]!;
      else family(meta[2]!).help = meta[3]!;
      continue;
    }
    if (line.startsWith("#")) continue;
    const match = SAMPLE.exec(line);
    if (!match) throw new Error(`not a Prometheus sample line: ${line}`);
    const [, name, labelText = "", valueText] = match;
    const value = parseValue(valueText!);
    if (value === null) throw new Error(`not a number in: ${line}`);
    const labels: Record<string, string> = {};
    LABEL.lastIndex = 0;
    while (LABEL.lastIndex < labelText.length) {
      const start = LABEL.lastIndex;
      const label = LABEL.exec(labelText);
      if (!label || LABEL.lastIndex === start) throw new Error(`malformed labels in: ${line}`);
      labels[label[1]!] = label[2]!.replace(/\\n/g, "\n").replace(/\\"/g, '"').replace(/\\\\/g, "\\");
    }
    const owner = families.has(name!)
      ? name!
      : SUFFIXES.map((suffix) => (name!.endsWith(suffix) ? name!.slice(0, -suffix.length) : "")).find((base) => base && families.has(base));
    if (!owner) throw new Error(`sample ${name} has no TYPE line before it`);
    family(owner).samples.push({ name: name!, labels, value });
  }
  return families;
}

/** A sample value as Prometheus reads it (Go's ParseFloat: NaN and Inf in any case, with a sign). */
function parseValue(text: string): number | null {
  const special = text.toLowerCase();
  if (special === "nan") return Number.NaN;
  if (/^[+-]?inf(inity)?$/.test(special)) return special.startsWith("-") ? -Infinity : Infinity;
  const value = Number(text);
  return Number.isNaN(value) ? null : value;
}

/** The samples of family `name` (for a histogram: its `_count` series) whose labels include `labels`. */
export function samples(families: Map<string, Family>, name: string, labels: Record<string, string> = {}): Sample[] {
  const family = families.get(name);
  if (!family) return [];
  const series =
    family.type === "histogram" ? `${name}_count` : family.type === "counter" && !name.endsWith("_total") ? `${name}_total` : null;
  return family.samples.filter(
    (sample) =>
      (series === null || sample.name === series || sample.name === name) &&
      Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );
}

/** The sum of the matching samples: a counter's or gauge's value, a histogram's count. */
export function total(families: Map<string, Family>, name: string, labels: Record<string, string> = {}): number {
  return samples(families, name, labels).reduce((sum, sample) => sum + sample.value, 0);
}
