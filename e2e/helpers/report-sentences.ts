// The incident report's sentences against its own tables: every figure a twin's sentence quotes
// ("fallbacks to etcd 1,272 in A, 0 in B", "read-wait p99 so far unchanged at 3.000 s") must be
// the cells of the row of that label, in the table of the sentence's window. Pure text: the unit
// tests and the browser tests read the same report through it.

export interface ReportTable {
  /** "since the start" or "over the last 1 m". */
  when: string;
  rows: Map<string, string[]>;
}

const cellsOf = (line: string) =>
  line
    .slice(2, -2)
    .split(" | ")
    .map((cell) => cell.replaceAll("\\|", "|"));

/** Every A-vs-B table of the report, its rows by label (the A and B cells). */
export function reportTables(report: string): ReportTable[] {
  const tables: ReportTable[] = [];
  let current: ReportTable | null = null;
  for (const line of report.split("\n")) {
    if (!line.startsWith("|")) {
      current = null;
      continue;
    }
    const cells = cellsOf(line);
    if (current === null) {
      const over = /over the (last \d+ m|window)/.exec(cells[0] ?? "");
      current = {
        when: over === null ? "since the start" : `over the ${over[1]}`,
        rows: new Map(),
      };
      tables.push(current);
      continue;
    }
    if (line.startsWith("|---")) continue;
    current.rows.set(cells[0] ?? "", cells.slice(1, 3));
  }
  return tables;
}

/** The report's findings, one a line. */
export function reportFindings(report: string): string[] {
  const from = report.indexOf("### Findings");
  if (from < 0) return [];
  const lines = report.slice(from).split("\n").slice(2);
  const end = lines.findIndex((line) => !line.startsWith("- "));
  return lines.slice(0, end < 0 ? lines.length : end).map((line) => line.slice(2));
}

/** What is wrong with each twin finding's figures, as sentences (none: every figure is its row's). */
export function sentenceViolations(report: string): string[] {
  const tables = reportTables(report);
  const problems: string[] = [];
  for (const finding of reportFindings(report)) {
    const over = /[Oo]ver the (last \d+ m)/.exec(finding);
    const when = over === null ? "since the start" : `over the ${over[1]}`;
    const rows = tables.filter(
      (table) =>
        table.when === when || (when !== "since the start" && table.when === "over the window"),
    );
    // A clause two tables print alike (429 answers: the key metrics and the trade) counts once.
    const found = new Set<string>();
    for (const table of rows) {
      for (const [label, [a, b]] of table.rows) {
        const byRun = `${label} ${a} in A, ${b} in B`;
        const same = `${label} unchanged at ${a}`;
        if (finding.includes(byRun)) found.add(byRun);
        if (a === b && finding.includes(same)) found.add(same);
      }
    }
    const quoted = found.size;
    const claims = finding.split(" in B").length - 1 + (finding.includes("unchanged at") ? 1 : 0);
    if (claims === 0 && !finding.endsWith("no figure differs.")) {
      problems.push(`quotes no figure by its run: "${finding}"`);
    } else if (quoted < claims) {
      problems.push(
        `${claims - quoted} of ${claims} figures are not their row's ${when}: "${finding}"`,
      );
    }
  }
  return problems;
}
